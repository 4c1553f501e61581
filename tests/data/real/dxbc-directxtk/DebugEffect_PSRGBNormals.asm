ps_4_0
dcl_input_ps linear v2.xyz
dcl_input_ps linear v3.w
dcl_output o0.xyzw
dcl_temps 1
dp3 r0.x, v2.xyzx, v2.xyzx
rsq r0.x, r0.x
mul r0.xyz, r0.xxxx, v2.xyzx
mad o0.xyz, r0.xyzx, l(0.500000, 0.500000, 0.500000, 0.000000), l(0.500000, 0.500000, 0.500000, 0.000000)
mov o0.w, v3.w
ret 
// Approximately 0 instruction slots used
