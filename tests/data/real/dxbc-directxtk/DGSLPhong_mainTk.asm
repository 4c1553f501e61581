ps_4_0
dcl_constantbuffer CB0[5], immediateIndexed
dcl_constantbuffer CB1[16], immediateIndexed
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v3.xyz
dcl_input_ps linear v5.xyz
dcl_output o0.xyzw
dcl_temps 4
eq r0.x, v1.w, l(0.000000)
discard_nz r0.x
dp3 r0.x, v3.xyzx, v3.xyzx
rsq r0.x, r0.x
mul r0.xyz, r0.xxxx, v3.xyzx
dp3 r0.w, v5.xyzx, v5.xyzx
rsq r0.w, r0.w
dp3_sat r1.x, cb1[9].xyzx, r0.xyzx
mul r1.xyz, r1.xxxx, cb1[1].xyzx
mul r1.xyz, r1.xyzx, v1.xyzx
mad r1.xyz, cb0[0].xyzx, cb1[0].xyzx, r1.xyzx
mad r2.xyz, v5.xyzx, r0.wwww, cb1[9].xyzx
dp3 r1.w, r2.xyzx, r2.xyzx
rsq r1.w, r1.w
mul r2.xyz, r1.wwww, r2.xyzx
dp3_sat r1.w, r0.xyzx, r2.xyzx
max r2.x, cb0[4].x, l(0.000100)
log r1.w, r1.w
mul r1.w, r1.w, r2.x
exp r1.w, r1.w
mul r1.w, r1.w, cb1[13].x
mul r2.yzw, cb0[2].xxyz, cb1[1].xxyz
dp3_sat r3.x, cb1[10].xyzx, r0.xyzx
mul r3.xyz, r3.xxxx, cb1[2].xyzx
mad r1.xyz, r3.xyzx, v1.xyzx, r1.xyzx
mad r3.xyz, v5.xyzx, r0.wwww, cb1[10].xyzx
dp3 r3.w, r3.xyzx, r3.xyzx
rsq r3.w, r3.w
mul r3.xyz, r3.wwww, r3.xyzx
dp3_sat r3.x, r0.xyzx, r3.xyzx
log r3.x, r3.x
mul r3.x, r2.x, r3.x
exp r3.x, r3.x
mul r3.x, r3.x, cb1[14].x
mul r3.yzw, cb0[2].xxyz, cb1[2].xxyz
mul r3.xyz, r3.xxxx, r3.yzwy
mad r2.yzw, r2.yyzw, r1.wwww, r3.xxyz
dp3_sat r1.w, cb1[11].xyzx, r0.xyzx
mul r3.xyz, r1.wwww, cb1[3].xyzx
mad_sat r1.xyz, r3.xyzx, v1.xyzx, r1.xyzx
mad r3.xyz, v5.xyzx, r0.wwww, cb1[11].xyzx
dp3 r0.w, r3.xyzx, r3.xyzx
rsq r0.w, r0.w
mul r3.xyz, r0.wwww, r3.xyzx
dp3_sat r0.x, r0.xyzx, r3.xyzx
log r0.x, r0.x
mul r0.x, r0.x, r2.x
exp r0.x, r0.x
mul r0.x, r0.x, cb1[15].x
mul r0.yzw, cb0[2].xxyz, cb1[3].xxyz
mad r0.xyz, r0.yzwy, r0.xxxx, r2.yzwy
add o0.xyz, r0.xyzx, r1.xyzx
mov o0.w, v1.w
ret 
// Approximately 0 instruction slots used
