ps_4_0
dcl_input_ps linear v0.x
dcl_input_ps linear v1.xyz
dcl_input_ps linear v3.w
dcl_output o0.xyzw
dcl_temps 5
deriv_rtx r0.x, v0.x
deriv_rty r0.y, v0.x
deriv_rtx r1.xyz, v1.yzxy
deriv_rty r2.xyz, v1.zxyz
mul r3.xyz, r1.xyzx, r2.yzxy
mad r3.xyz, r1.zxyz, r2.zxyz, -r3.xyzx
mul r4.xyz, r1.xyzx, r3.xyzx
mad r1.xyz, r3.zxyz, r1.yzxy, -r4.xyzx
mul r0.yzw, r0.yyyy, r1.xxyz
mul r1.xyz, r2.xyzx, r3.zxyz
mad r1.xyz, r2.zxyz, r3.xyzx, -r1.xyzx
mad r0.xyz, r0.xxxx, r1.xyzx, r0.yzwy
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul r0.xyz, r0.wwww, r0.xyzx
mad o0.xyz, r0.xyzx, l(0.500000, 0.500000, 0.500000, 0.000000), l(0.500000, 0.500000, 0.500000, 0.000000)
mov o0.w, v3.w
ret 
// Approximately 0 instruction slots used
