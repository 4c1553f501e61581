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
dcl_temps 2
mov o0.xy, v2.xyxx
dp4 o1.x, v0.xyzw, cb0[1].xyzw
dp4 o1.y, v0.xyzw, cb0[2].xyzw
dp4 o1.z, v0.xyzw, cb0[3].xyzw
mov o1.w, l(1.000000)
mad r0.xyz, v1.xyzx, l(2.000000, 2.000000, 2.000000, 0.000000), l(-1.000000, -1.000000, -1.000000, 0.000000)
dp3 r1.x, r0.xyzx, cb0[5].xyzx
dp3 r1.y, r0.xyzx, cb0[6].xyzx
dp3 r1.z, r0.xyzx, cb0[7].xyzx
dp3 r0.x, r1.xyzx, r1.xyzx
rsq r0.x, r0.x
mul o2.xyz, r0.xxxx, r1.xyzx
mov o3.xyzw, cb0[22].xyzw
dp4 o4.x, v0.xyzw, cb0[8].xyzw
dp4 o4.y, v0.xyzw, cb0[9].xyzw
dp4 o4.z, v0.xyzw, cb0[10].xyzw
dp4 o4.w, v0.xyzw, cb0[11].xyzw
ret 
// Approximately 0 instruction slots used
