ps_4_0
dcl_constantbuffer CB0[25], dynamicIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture2d (float,float,float,float) t2
dcl_resource_texturecube (float,float,float,float) t4
dcl_resource_texturecube (float,float,float,float) t5
dcl_input_ps linear v0.xy
dcl_input_ps linear v1.xyz
dcl_input_ps linear v2.xyz
dcl_input_ps_siv linear noperspective v4.xyz, position
dcl_input_ps linear v5.xyzw
dcl_output o0.xyzw
dcl_output o1.x
dcl_temps 9
add r0.xyz, -v1.xyzx, cb0[0].xyzx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
sample r1.xyzw, v0.xyxx, t1.xyzw, s0
mad r1.xy, r1.xyxx, l(2.000000, 2.000000, 0.000000, 0.000000), l(-1.000000, -1.000000, 0.000000, 0.000000)
dp2 r0.w, r1.xyxx, r1.xyxx
add r0.w, -r0.w, l(1.000000)
sqrt r0.w, r0.w
deriv_rtx r2.xyz, v1.yzxy
deriv_rty r3.xyz, v1.zxyz
deriv_rtx r1.zw, v0.xxxy
deriv_rty r4.xy, v0.xyxx
mul r5.xyz, r2.xyzx, r3.yzxy
mad r5.xyz, r2.zxyz, r3.zxyz, -r5.xyzx
mul r6.xyz, r3.xyzx, r5.zxyz
mad r3.xyz, r3.zxyz, r5.xyzx, -r6.xyzx
mul r6.xyz, r2.xyzx, r5.xyzx
mad r2.xyz, r5.zxyz, r2.yzxy, -r6.xyzx
mul r4.xzw, r2.xxyz, r4.xxxx
mad r4.xzw, r1.zzzz, r3.xxyz, r4.xxzw
dp3 r1.z, r4.xzwx, r4.xzwx
rsq r1.z, r1.z
mul r4.xzw, r1.zzzz, r4.xxzw
mul r2.xyz, r2.xyzx, r4.yyyy
mad r2.xyz, r1.wwww, r3.xyzx, r2.xyzx
dp3 r1.z, r2.xyzx, r2.xyzx
rsq r1.z, r1.z
mul r2.xyz, r1.zzzz, r2.xyzx
mul r1.yzw, r1.yyyy, r2.xxyz
mad r1.xyz, r1.xxxx, r4.xzwx, r1.yzwy
mad r1.xyz, r0.wwww, v2.xyzx, r1.xyzx
dp3 r0.w, r1.xyzx, r1.xyzx
rsq r0.w, r0.w
mul r1.xyz, r0.wwww, r1.xyzx
sample r2.xyzw, v0.xyxx, t0.xyzw, s0
sample r3.xyzw, v0.xyxx, t2.xyzw, s0
dp3_sat r0.w, r1.xyzx, r0.xyzx
mul r1.w, r3.y, r3.y
mad r4.xyz, r3.zzzz, -r2.xyzx, r2.xyzx
mul r4.xyz, r3.xxxx, r4.xyzx
add r2.xyz, r2.xyzx, l(-0.040000, -0.040000, -0.040000, 0.000000)
mad r2.xyz, r3.zzzz, r2.xyzx, l(0.040000, 0.040000, 0.040000, 0.000000)
mul r5.xyz, r3.xxxx, r2.xyzx
add r3.z, r3.y, r3.y
add r0.w, -r0.w, l(1.000000)
mul r3.w, r0.w, r0.w
mul r3.w, r3.w, r3.w
mul r0.w, r0.w, r3.w
mul r3.w, r1.w, r1.w
mad r1.w, r1.w, r1.w, l(-1.000000)
mad r2.xyz, -r2.xyzx, r3.xxxx, l(1.000000, 1.000000, 1.000000, 0.000000)
mul r3.x, r3.w, l(0.250000)
mov r6.xyz, l(0,0,0,0)
mov r4.w, l(0)
loop 
  ige r5.w, r4.w, l(3)
  breakc_nz r5.w
  dp3 r5.w, -cb0[r4.w + 16].xyzx, -cb0[r4.w + 16].xyzx
  rsq r5.w, r5.w
  mul r7.xyz, r5.wwww, -cb0[r4.w + 16].xyzx
  mad r8.xyz, -cb0[r4.w + 16].xyzx, r5.wwww, r0.xyzx
  dp3 r5.w, r8.xyzx, r8.xyzx
  rsq r5.w, r5.w
  mul r8.xyz, r5.wwww, r8.xyzx
  dp3_sat r5.w, r1.xyzx, r7.xyzx
  dp3_sat r6.w, r7.xyzx, r8.xyzx
  dp3_sat r7.x, r1.xyzx, r8.xyzx
  mul r7.y, r6.w, r6.w
  mad r7.z, r7.y, r3.z, l(-0.500000)
  add r7.w, -r5.w, l(1.000000)
  mul r8.x, r7.w, r7.w
  mul r8.x, r8.x, r8.x
  mul r7.w, r7.w, r8.x
  mad r7.w, r7.z, r7.w, l(1.000000)
  mad r7.z, r7.z, r0.w, l(1.000000)
  mul r7.x, r7.x, r7.x
  mad r7.x, r7.x, r1.w, l(1.000000)
  mul r7.xz, r7.xxzx, r7.xxwx
  mul r7.x, r7.x, l(3.141593)
  max r7.x, r7.x, l(0.000001)
  div r7.x, r3.w, r7.x
  add r7.w, -r6.w, l(1.000000)
  mul r8.x, r7.w, r7.w
  mul r8.x, r8.x, r8.x
  mul r7.w, r7.w, r8.x
  mad r8.xyz, r2.xyzx, r7.wwww, r5.xyzx
  mad r6.w, -r6.w, r6.w, l(1.000000)
  mad r6.w, r3.x, r6.w, r7.y
  div r6.w, l(1.000000, 1.000000, 1.000000, 1.000000), r6.w
  mul r7.xyw, r7.xxxx, r8.xyxz
  mul r7.xyw, r6.wwww, r7.xyxw
  mul r8.xyz, r5.wwww, cb0[r4.w + 19].xyzx
  mad r7.xyz, r4.xyzx, r7.zzzz, r7.xywx
  mad r6.xyz, r8.xyzx, r7.xyzx, r6.xyzx
  iadd r4.w, r4.w, l(1)
endloop 
sample r7.xyzw, r1.xyzx, t5.xyzw, s1
mad r2.xyz, r4.xyzx, r7.xyzx, r6.xyzx
itof r0.w, cb0[23].z
mul r0.w, r0.w, r3.y
dp3 r1.w, -r0.xyzx, r1.xyzx
add r1.w, r1.w, r1.w
mad r0.xyz, r1.xyzx, -r1.wwww, -r0.xyzx
sample_l r0.xyzw, r0.xyzx, t4.xyzw, s1, r0.w
mad o0.xyz, r5.xyzx, r0.xyzx, r2.xyzx
mul o0.w, r2.w, cb0[22].w
div r0.xyz, v5.xyzx, v5.wwww
mad r1.xy, r0.xyxx, l(0.500000, -0.500000, 0.000000, 0.000000), l(0.500000, 0.500000, 0.000000, 0.000000)
mul r0.x, r1.x, cb0[23].w
mul r0.y, r1.y, cb0[24].x
add r0.xyz, r0.xyzx, -v4.xyzx
ushr r1.xyz, r0.xyzx, l(31)
mul r0.xyz, r0.xyzx, l(0.000031, 0.000031, 0.007813, 0.000000)
min r0.xyz, |r0.xyzx|, l(0.007809, 0.007809, 0.007809, 0.000000)
and r2.xyzw, r0.xxxy, l(0x007fffff, 0x7fffffff, 0x7f800000, 0x007fffff)
iadd r3.xy, r2.xwxx, l(0x00800000, 0x00800000, 0, 0)
ushr r4.x, r0.x, l(23)
ushr r4.y, r0.x, l(16)
ushr r0.w, r0.x, l(13)
ushr r1.w, r0.x, l(3)
and r3.zw, r4.xxxy, l(0, 0, 255, 0x00008000)
iadd r3.z, -r3.z, l(113)
ushr r3.x, r3.x, r3.z
ilt r3.z, r3.z, l(24)
and r3.x, r3.z, r3.x
ushr r3.x, r3.x, l(13)
iadd r3.z, r2.y, l(0xc8000000)
ushr r3.z, r3.z, l(13)
ult r4.x, r2.y, l(0x38800000)
movc r3.x, r4.x, r3.x, r3.z
ult r2.y, l(0x47ffe000), r2.y
movc r2.y, r2.y, l(0x00007bff), r3.x
or r0.w, r0.w, r1.w
or r0.x, r0.x, r0.w
and r0.x, r0.x, l(1023)
iadd r0.x, r0.x, l(0x00007c00)
movc r0.x, r2.x, r0.x, l(0x00007c00)
ieq r0.w, r2.z, l(0x7f800000)
movc r0.x, r0.w, r0.x, r2.y
and r0.x, r0.x, l(0x00007fff)
iadd r0.x, r3.w, r0.x
iadd r0.x, r0.x, l(8)
ushr r0.x, r0.x, l(4)
ishl r1.xy, r1.xyxx, l(9)
ishl r0.w, r1.z, l(11)
or r0.x, r0.x, r1.x
ushr r2.x, r0.y, l(23)
ushr r2.y, r0.y, l(16)
ushr r1.x, r0.y, l(13)
ushr r1.z, r0.y, l(3)
and r2.xy, r2.xyxx, l(255, 0x00008000, 0, 0)
iadd r1.w, -r2.x, l(113)
ushr r2.x, r3.y, r1.w
ilt r1.w, r1.w, l(24)
and r1.w, r1.w, r2.x
ushr r1.w, r1.w, l(13)
and r3.xyzw, r0.yyzz, l(0x7fffffff, 0x7f800000, 0x007fffff, 0x7fffffff)
iadd r2.xz, r3.xxwx, l(0xc8000000, 0, 0xc8000000, 0)
ushr r2.xz, r2.xxzx, l(13)
ult r4.xy, r3.xwxx, l(0x38800000, 0x38800000, 0, 0)
movc r1.w, r4.x, r1.w, r2.x
ult r3.xw, l(0x47ffe000, 0, 0, 0x47ffe000), r3.xxxw
movc r1.w, r3.x, l(0x00007bff), r1.w
or r1.x, r1.x, r1.z
or r0.y, r0.y, r1.x
and r0.y, r0.y, l(1023)
iadd r0.y, r0.y, l(0x00007c00)
movc r0.y, r2.w, r0.y, l(0x00007c00)
ieq r1.x, r3.y, l(0x7f800000)
movc r0.y, r1.x, r0.y, r1.w
and r0.y, r0.y, l(0x00007fff)
iadd r0.y, r2.y, r0.y
iadd r0.y, r0.y, l(8)
ushr r0.y, r0.y, l(4)
or r0.y, r1.y, r0.y
ishl r0.y, r0.y, l(10)
or r0.x, r0.y, r0.x
iadd r0.y, r3.z, l(0x00800000)
ushr r1.x, r0.z, l(23)
ushr r1.y, r0.z, l(16)
ushr r1.z, r0.z, l(13)
ushr r1.w, r0.z, l(3)
and r1.xy, r1.xyxx, l(255, 0x00008000, 0, 0)
iadd r1.x, -r1.x, l(113)
ushr r0.y, r0.y, r1.x
ilt r1.x, r1.x, l(24)
and r0.y, r0.y, r1.x
ushr r0.y, r0.y, l(13)
and r1.x, r0.z, l(0x7f800000)
movc r0.y, r4.y, r0.y, r2.z
movc r0.y, r3.w, l(0x00007bff), r0.y
or r1.z, r1.z, r1.w
or r0.z, r0.z, r1.z
and r0.z, r0.z, l(1023)
iadd r0.z, r0.z, l(0x00007c00)
movc r0.z, r3.z, r0.z, l(0x00007c00)
ieq r1.x, r1.x, l(0x7f800000)
movc r0.y, r1.x, r0.z, r0.y
and r0.y, r0.y, l(0x00007fff)
iadd r0.y, r1.y, r0.y
iadd r0.y, r0.y, l(2)
ushr r0.y, r0.y, l(2)
or r0.y, r0.w, r0.y
ishl r0.y, r0.y, l(20)
or o1.x, r0.y, r0.x
ret 
// Approximately 0 instruction slots used
