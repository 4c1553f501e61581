vs_4_0
dcl_constantbuffer CB0[4], immediateIndexed
dcl_input v0.xyzw
dcl_input v1.xy
dcl_input v2.xyzw
dcl_output o0.xyzw
dcl_output o1.xy
dcl_output_siv o2.xyzw, position
dcl_temps 1
mov o0.xyzw, v0.xyzw
mov o1.xy, v1.xyxx
mul r0.xyzw, v2.yyyy, cb0[1].xyzw
mad r0.xyzw, v2.xxxx, cb0[0].xyzw, r0.xyzw
mad r0.xyzw, v2.zzzz, cb0[2].xyzw, r0.xyzw
mad o2.xyzw, v2.wwww, cb0[3].xyzw, r0.xyzw
ret 
// Approximately 0 instruction slots used
