ps_4_0
dcl_constantbuffer CB0[5], immediateIndexed
dcl_constantbuffer CB1[16], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xy
dcl_input_ps linear v3.xyz
dcl_input_ps linear v5.xyz
dcl_output o0.xyzw
dcl_temps 5
sample r0.xyzw, v2.xyxx, t0.xyzw, s0
mul r0.w, r0.w, v1.w
eq r1.x, r0.w, l(0.000000)
discard_nz r1.x
dp3 r1.x, v3.xyzx, v3.xyzx
rsq r1.x, r1.x
mul r1.xyz, r1.xxxx, v3.xyzx
dp3 r1.w, v5.xyzx, v5.xyzx
rsq r1.w, r1.w
dp3_sat r2.x, cb1[9].xyzx, r1.xyzx
mul r2.xyz, r2.xxxx, cb1[1].xyzx
mul r2.xyz, r2.xyzx, v1.xyzx
mad r2.xyz, cb0[0].xyzx, cb1[0].xyzx, r2.xyzx
mad r3.xyz, v5.xyzx, r1.wwww, cb1[9].xyzx
dp3 r2.w, r3.xyzx, r3.xyzx
rsq r2.w, r2.w
mul r3.xyz, r2.wwww, r3.xyzx
dp3_sat r2.w, r1.xyzx, r3.xyzx
max r3.x, cb0[4].x, l(0.000100)
log r2.w, r2.w
mul r2.w, r2.w, r3.x
exp r2.w, r2.w
mul r2.w, r2.w, cb1[13].x
mul r3.yzw, cb0[2].xxyz, cb1[1].xxyz
dp3_sat r4.x, cb1[10].xyzx, r1.xyzx
mul r4.xyz, r4.xxxx, cb1[2].xyzx
mad r2.xyz, r4.xyzx, v1.xyzx, r2.xyzx
mad r4.xyz, v5.xyzx, r1.wwww, cb1[10].xyzx
dp3 r4.w, r4.xyzx, r4.xyzx
rsq r4.w, r4.w
mul r4.xyz, r4.wwww, r4.xyzx
dp3_sat r4.x, r1.xyzx, r4.xyzx
log r4.x, r4.x
mul r4.x, r3.x, r4.x
exp r4.x, r4.x
mul r4.x, r4.x, cb1[14].x
mul r4.yzw, cb0[2].xxyz, cb1[2].xxyz
mul r4.xyz, r4.xxxx, r4.yzwy
mad r3.yzw, r3.yyzw, r2.wwww, r4.xxyz
dp3_sat r2.w, cb1[11].xyzx, r1.xyzx
mul r4.xyz, r2.wwww, cb1[3].xyzx
mad_sat r2.xyz, r4.xyzx, v1.xyzx, r2.xyzx
mad r4.xyz, v5.xyzx, r1.wwww, cb1[11].xyzx
dp3 r1.w, r4.xyzx, r4.xyzx
rsq r1.w, r1.w
mul r4.xyz, r1.wwww, r4.xyzx
dp3_sat r1.x, r1.xyzx, r4.xyzx
log r1.x, r1.x
mul r1.x, r1.x, r3.x
exp r1.x, r1.x
mul r1.x, r1.x, cb1[15].x
mul r1.yzw, cb0[2].xxyz, cb1[3].xxyz
mad r1.xyz, r1.yzwy, r1.xxxx, r3.yzwy
mad o0.xyz, r2.xyzx, r0.xyzx, r1.xyzx
mov o0.w, r0.w
ret 
// Approximately 0 instruction slots used
