ps_4_0
dcl_constantbuffer CB0[24], dynamicIndexed
dcl_sampler s1, mode_default
dcl_resource_texturecube (float,float,float,float) t4
dcl_resource_texturecube (float,float,float,float) t5
dcl_input_ps linear v1.xyz
dcl_input_ps linear v2.xyz
dcl_output o0.xyzw
dcl_temps 8
add r0.xyz, -v1.xyzx, cb0[0].xyzx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
dp3 r0.w, v2.xyzx, v2.xyzx
rsq r0.w, r0.w
mul r1.xyz, r0.wwww, v2.xyzx
dp3_sat r0.w, r1.xyzx, r0.xyzx
mul r1.w, cb0[23].y, cb0[23].y
mad r2.xyz, cb0[23].xxxx, -cb0[22].xyzx, cb0[22].xyzx
add r3.xyz, l(-0.040000, -0.040000, -0.040000, 0.000000), cb0[22].xyzx
mad r3.xyz, cb0[23].xxxx, r3.xyzx, l(0.040000, 0.040000, 0.040000, 0.000000)
add r2.w, cb0[23].y, cb0[23].y
add r0.w, -r0.w, l(1.000000)
mul r3.w, r0.w, r0.w
mul r3.w, r3.w, r3.w
mul r0.w, r0.w, r3.w
mul r3.w, r1.w, r1.w
mad r1.w, r1.w, r1.w, l(-1.000000)
add r4.xyz, -r3.xyzx, l(1.000000, 1.000000, 1.000000, 0.000000)
mul r4.w, r3.w, l(0.250000)
mov r5.xyzw, l(0,0,0,0)
loop 
  ige r6.x, r5.w, l(3)
  breakc_nz r6.x
  dp3 r6.x, -cb0[r5.w + 16].xyzx, -cb0[r5.w + 16].xyzx
  rsq r6.x, r6.x
  mul r6.yzw, r6.xxxx, -cb0[r5.w + 16].xxyz
  mad r7.xyz, -cb0[r5.w + 16].xyzx, r6.xxxx, r0.xyzx
  dp3 r6.x, r7.xyzx, r7.xyzx
  rsq r6.x, r6.x
  mul r7.xyz, r6.xxxx, r7.xyzx
  dp3_sat r6.x, r1.xyzx, r6.yzwy
  dp3_sat r6.y, r6.yzwy, r7.xyzx
  dp3_sat r6.z, r1.xyzx, r7.xyzx
  mul r6.zw, r6.zzzy, r6.zzzy
  mad r7.x, r6.w, r2.w, l(-0.500000)
  add r7.y, -r6.x, l(1.000000)
  mul r7.z, r7.y, r7.y
  mul r7.z, r7.z, r7.z
  mul r7.y, r7.z, r7.y
  mad r7.y, r7.x, r7.y, l(1.000000)
  mad r7.x, r7.x, r0.w, l(1.000000)
  mul r7.x, r7.x, r7.y
  mad r6.z, r6.z, r1.w, l(1.000000)
  mul r6.z, r6.z, r6.z
  mul r6.z, r6.z, l(3.141593)
  max r6.z, r6.z, l(0.000001)
  div r6.z, r3.w, r6.z
  add r7.y, -r6.y, l(1.000000)
  mul r7.z, r7.y, r7.y
  mul r7.z, r7.z, r7.z
  mul r7.y, r7.z, r7.y
  mad r7.yzw, r4.xxyz, r7.yyyy, r3.xxyz
  mad r6.y, -r6.y, r6.y, l(1.000000)
  mad r6.y, r4.w, r6.y, r6.w
  div r6.y, l(1.000000, 1.000000, 1.000000, 1.000000), r6.y
  mul r7.yzw, r6.zzzz, r7.yyzw
  mul r6.yzw, r6.yyyy, r7.yyzw
  mul r7.yzw, r6.xxxx, cb0[r5.w + 19].xxyz
  mad r6.xyz, r2.xyzx, r7.xxxx, r6.yzwy
  mad r5.xyz, r7.yzwy, r6.xyzx, r5.xyzx
  iadd r5.w, r5.w, l(1)
endloop 
sample r4.xyzw, r1.xyzx, t5.xyzw, s1
mad r2.xyz, r2.xyzx, r4.xyzx, r5.xyzx
itof r0.w, cb0[23].z
mul r0.w, r0.w, cb0[23].y
dp3 r1.w, -r0.xyzx, r1.xyzx
add r1.w, r1.w, r1.w
mad r0.xyz, r1.xyzx, -r1.wwww, -r0.xyzx
sample_l r0.xyzw, r0.xyzx, t4.xyzw, s1, r0.w
mad o0.xyz, r3.xyzx, r0.xyzx, r2.xyzx
mov o0.w, cb0[22].w
ret 
// Approximately 0 instruction slots used
