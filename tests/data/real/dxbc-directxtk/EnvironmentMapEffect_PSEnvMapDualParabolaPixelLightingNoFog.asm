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
dcl_temps 3
add r0.xyz, -v1.xyzx, cb0[10].xyzx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
dp3 r0.w, v2.xyzx, v2.xyzx
rsq r0.w, r0.w
mul r1.xyz, r0.wwww, v2.xyzx
dp3 r0.w, -r0.xyzx, r1.xyzx
add r0.w, r0.w, r0.w
mad r0.xyz, r1.xyzx, -r0.wwww, -r0.xyzx
add r0.w, |r0.z|, l(1.000000)
add r0.w, r0.w, r0.w
div r0.xy, r0.xyxx, r0.wwww
lt r0.z, l(0.000000), r0.z
movc r2.z, r0.z, l(0), l(1.000000)
add r2.xy, r0.xyxx, l(0.500000, 0.500000, 0.000000, 0.000000)
sample r0.xyzw, r2.xyzx, t1.xyzw, s1
dp3 r2.x, -cb0[4].xyzx, r1.xyzx
dp3 r2.y, -cb0[5].xyzx, r1.xyzx
dp3 r2.z, -cb0[6].xyzx, r1.xyzx
ge r1.xyz, r2.xyzx, l(0.000000, 0.000000, 0.000000, 0.000000)
and r1.xyz, r1.xyzx, l(0x3f800000, 0x3f800000, 0x3f800000, 0)
mul r1.xyz, r2.xyzx, r1.xyzx
mul r2.xyz, r1.yyyy, cb0[8].xyzx
mad r1.xyw, r1.xxxx, cb0[7].xyxz, r2.xyxz
mad r1.xyz, r1.zzzz, cb0[9].xyzx, r1.xywx
mad r1.xyz, r1.xyzx, cb0[2].xyzx, cb0[3].xyzx
sample r2.xyzw, v0.xyxx, t0.xyzw, s0
mul r2.xyzw, r2.xyzw, v3.xyzw
mul r1.xyz, r1.xyzx, r2.xyzx
mad r0.xyz, r0.xyzx, r2.wwww, -r1.xyzx
mul r0.w, r0.w, r2.w
mov o0.w, r2.w
mad r0.xyz, cb0[1].xxxx, r0.xyzx, r1.xyzx
mad o0.xyz, cb0[0].xyzx, r0.wwww, r0.xyzx
ret 
// Approximately 0 instruction slots used
