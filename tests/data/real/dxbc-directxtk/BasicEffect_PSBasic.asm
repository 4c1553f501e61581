ps_4_0
dcl_constantbuffer CB0[14], immediateIndexed
dcl_input_ps linear v0.xyzw
dcl_input_ps linear v1.w
dcl_output o0.xyzw
dcl_temps 1
mad r0.xyz, cb0[13].xyzx, v0.wwww, -v0.xyzx
mad o0.xyz, v1.wwww, r0.xyzx, v0.xyzx
mov o0.w, v0.w
ret 
// Approximately 0 instruction slots used
