vs_4_0
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_temps 1
ishl r0.x, v0.x, l(1)
and r0.x, r0.x, l(2)
utof r0.x, r0.x
mad o0.x, r0.x, l(2.000000), l(-1.000000)
and r0.z, v0.x, l(2)
utof r0.y, r0.z
mad o0.y, r0.y, l(-2.000000), l(1.000000)
mov o1.xy, r0.xyxx
mov o0.zw, l(0,0,0,1.000000)
ret 
// Approximately 0 instruction slots used
