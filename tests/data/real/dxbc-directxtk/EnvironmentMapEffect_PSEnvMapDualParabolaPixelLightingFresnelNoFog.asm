ps_4_0
dcl_constantbuffer CB0[11], immediateIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2darray (float,float,float,float) t1
dcl_input_ps linear v0.xy
dcl_input_ps linear v1.xyz
dcl_input_ps linear v2.xyz
dcl_input_ps linear v3.xyzw
dcl_output o0.xyzw
dcl_temps 4
add r0.xyz, -v1.xyzx, cb0[10].xyzx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
dp3 r0.w, v2.xyzx, v2.xyzx
rsq r0.w, r0.w
mul r1.xyz, r0.wwww, v2.xyzx
dp3 r0.w, -r0.xyzx, r1.xyzx
add r0.w, r0.w, r0.w
mad r2.xyz, r1.xyzx, -r0.wwww, -r0.xyzx
dp3 r0.x, r0.xyzx, r1.xyzx
add r0.x, -|r0.x|, l(1.000000)
max r0.x, r0.x, l(0.000000)
log r0.x, r0.x
mul r0.x, r0.x, cb0[1].y
exp r0.x, r0.x
mul r0.x, r0.x, cb0[1].x
add r0.y, |r2.z|, l(1.000000)
add r0.y, r0.y, r0.y
div r0.yz, r2.xxyx, r0.yyyy
lt r0.w, l(0.000000), r2.z
movc r2.z, r0.w, l(0), l(1.000000)
add r2.xy, r0.yzyy, l(0.500000, 0.500000, 0.000000, 0.000000)
sample r2.xyzw, r2.xyzx, t1.xyzw, s1
dp3 r3.x, -cb0[4].xyzx, r1.xyzx
dp3 r3.y, -cb0[5].xyzx, r1.xyzx
dp3 r3.z, -cb0[6].xyzx, r1.xyzx
ge r0.yzw, r3.xxyz, l(0.000000, 0.000000, 0.000000, 0.000000)
and r0.yzw, r0.yyzw, l(0, 0x3f800000, 0x3f800000, 0x3f800000)
mul r0.yzw, r3.xxyz, r0.yyzw
mul r1.xyz, r0.zzzz, cb0[8].xyzx
mad r1.xyz, r0.yyyy, cb0[7].xyzx, r1.xyzx
mad r0.yzw, r0.wwww, cb0[9].xxyz, r1.xxyz
mad r0.yzw, r0.yyzw, cb0[2].xxyz, cb0[3].xxyz
sample r1.xyzw, v0.xyxx, t0.xyzw, s0
mul r1.xyzw, r1.xyzw, v3.xyzw
mul r0.yzw, r0.yyzw, r1.xxyz
mad r1.xyz, r2.xyzx, r1.wwww, -r0.yzwy
mul r2.x, r1.w, r2.w
mov o0.w, r1.w
mad r0.xyz, r0.xxxx, r1.xyzx, r0.yzwy
mad o0.xyz, cb0[0].xyzx, r2.xxxx, r0.xyzx
ret 
// Approximately 0 instruction slots used
