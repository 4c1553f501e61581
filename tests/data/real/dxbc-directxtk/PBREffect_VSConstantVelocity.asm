vs_4_0
dcl_constantbuffer CB0[23], immediateIndexed
dcl_input v0.xyzw
dcl_input v1.xyz
dcl_input v2.xy
dcl_output o0.xy
dcl_output o1.xyzw
dcl_output o2.xyz
dcl_output o3.xyzw
dcl_output_siv o4.xyzw, position
dcl_output o5.xyzw
dcl_temps 1
mov o0.xy, v2.xyxx
dp4 o1.x, v0.xyzw, cb0[1].xyzw
dp4 o1.y, v0.xyzw, cb0[2].xyzw
dp4 o1.z, v0.xyzw, cb0[3].xyzw
mov o1.w, l(1.000000)
dp3 r0.x, v1.xyzx, cb0[5].xyzx
dp3 r0.y, v1.xyzx, cb0[6].xyzx
dp3 r0.z, v1.xyzx, cb0[7].xyzx
dp3 r0.w, r0.xyzx, r0.xyzx
rsq r0.w, r0.w
mul o2.xyz, r0.wwww, r0.xyzx
mov o3.xyzw, cb0[22].xyzw
dp4 o4.x, v0.xyzw, cb0[8].xyzw
dp4 o4.y, v0.xyzw, cb0[9].xyzw
dp4 o4.z, v0.xyzw, cb0[10].xyzw
dp4 o4.w, v0.xyzw, cb0[11].xyzw
dp4 o5.x, v0.xyzw, cb0[12].xyzw
dp4 o5.y, v0.xyzw, cb0[13].xyzw
dp4 o5.z, v0.xyzw, cb0[14].xyzw
dp4 o5.w, v0.xyzw, cb0[15].xyzw
ret 
// Approximately 0 instruction slots used
