ps_4_0
dcl_constantbuffer CB0[14], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t2
dcl_input_ps linear v0.xy
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyz
dcl_input_ps linear v3.xyzw
dcl_output o0.xyzw
dcl_temps 5
deriv_rtx r0.xyz, v1.yzxy
deriv_rty r1.xyz, v1.zxyz
mul r2.xyz, r0.xyzx, r1.yzxy
mad r2.xyz, r0.zxyz, r1.zxyz, -r2.xyzx
mul r3.xyz, r0.xyzx, r2.xyzx
mad r0.xyz, r2.zxyz, r0.yzxy, -r3.xyzx
deriv_rty r3.xy, v0.xyxx
mul r3.xzw, r0.xxyz, r3.xxxx
mul r0.xyz, r0.xyzx, r3.yyyy
mul r4.xyz, r1.xyzx, r2.zxyz
mad r1.xyz, r1.zxyz, r2.xyzx, -r4.xyzx
deriv_rtx r2.xy, v0.xyxx
mad r2.xzw, r2.xxxx, r1.xxyz, r3.xxzw
mad r0.xyz, r2.yyyy, r1.xyzx, r0.xyzx
dp3 r0.w, r2.xzwx, r2.xzwx
rsq r0.w, r0.w
mul r1.xyz, r0.wwww, r2.xzwx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
sample r2.xyzw, v0.xyxx, t2.xyzw, s0
mad r2.xy, r2.xyxx, l(2.000000, 2.000000, 0.000000, 0.000000), l(-1.000000, -1.000000, 0.000000, 0.000000)
mul r0.xyz, r0.xyzx, r2.yyyy
mad r0.xyz, r2.xxxx, r1.xyzx, r0.xyzx
dp2 r0.w, r2.xyxx, r2.xyxx
add r0.w, -r0.w, l(1.000000)
sqrt r0.w, r0.w
mad r0.xyz, r0.wwww, v2.xyzx, r0.xyzx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
add r1.xyz, -v1.xyzx, cb0[12].xyzx
dp3 r0.w, r1.xyzx, r1.xyzx
rsq r0.w, r0.w
mad r2.xyz, r1.xyzx, r0.wwww, -cb0[3].xyzx
dp3 r1.w, r2.xyzx, r2.xyzx
rsq r1.w, r1.w
mul r2.xyz, r1.wwww, r2.xyzx
dp3 r2.x, r2.xyzx, r0.xyzx
mad r3.xyz, r1.xyzx, r0.wwww, -cb0[4].xyzx
mad r1.xyz, r1.xyzx, r0.wwww, -cb0[5].xyzx
dp3 r0.w, r3.xyzx, r3.xyzx
rsq r0.w, r0.w
mul r3.xyz, r0.wwww, r3.xyzx
dp3 r2.y, r3.xyzx, r0.xyzx
dp3 r0.w, r1.xyzx, r1.xyzx
rsq r0.w, r0.w
mul r1.xyz, r0.wwww, r1.xyzx
dp3 r2.z, r1.xyzx, r0.xyzx
max r1.xyz, r2.xyzx, l(0.000000, 0.000000, 0.000000, 0.000000)
dp3 r2.x, -cb0[3].xyzx, r0.xyzx
dp3 r2.y, -cb0[4].xyzx, r0.xyzx
dp3 r2.z, -cb0[5].xyzx, r0.xyzx
ge r0.xyz, r2.xyzx, l(0.000000, 0.000000, 0.000000, 0.000000)
and r0.xyz, r0.xyzx, l(0x3f800000, 0x3f800000, 0x3f800000, 0)
mul r1.xyz, r0.xyzx, r1.xyzx
mul r0.xyz, r2.xyzx, r0.xyzx
log r1.xyz, r1.xyzx
mul r1.xyz, r1.xyzx, cb0[2].wwww
exp r1.xyz, r1.xyzx
mul r1.xyz, r2.xyzx, r1.xyzx
mul r2.xyz, r1.yyyy, cb0[10].xyzx
mad r1.xyw, r1.xxxx, cb0[9].xyxz, r2.xyxz
mad r1.xyz, r1.zzzz, cb0[11].xyzx, r1.xywx
mul r1.xyz, r1.xyzx, cb0[2].xyzx
sample r2.xyzw, v0.xyxx, t0.xyzw, s0
mul r2.xyzw, r2.xyzw, v3.xyzw
mul r1.xyz, r1.xyzx, r2.wwww
mul r3.xyz, r0.yyyy, cb0[7].xyzx
mad r0.xyw, r0.xxxx, cb0[6].xyxz, r3.xyxz
mad r0.xyz, r0.zzzz, cb0[8].xyzx, r0.xywx
mad r0.xyz, r0.xyzx, cb0[0].xyzx, cb0[1].xyzx
mad r0.xyz, r2.xyzx, r0.xyzx, r1.xyzx
mad r1.xyz, cb0[13].xyzx, r2.wwww, -r0.xyzx
mad o0.xyz, v1.wwww, r1.xyzx, r0.xyzx
mov o0.w, r2.w
ret 
// Approximately 0 instruction slots used
