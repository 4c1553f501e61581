ps_4_0
dcl_constantbuffer CB0[2], immediateIndexed
dcl_input_ps linear v2.xyz
dcl_input_ps linear v3.xyzw
dcl_output o0.xyzw
dcl_temps 1
dp3 r0.x, v2.xyzx, v2.xyzx
rsq r0.x, r0.x
mul r0.x, r0.x, v2.y
mad r0.x, r0.x, l(0.500000), l(0.500000)
mad r0.xyz, r0.xxxx, cb0[1].xyzx, cb0[0].xyzx
mul o0.xyz, r0.xyzx, v3.xyzx
mov o0.w, v3.w
ret 
// Approximately 0 instruction slots used
