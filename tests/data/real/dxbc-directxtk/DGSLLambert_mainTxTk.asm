ps_4_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_constantbuffer CB1[13], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xy
dcl_input_ps linear v3.xyz
dcl_output o0.xyzw
dcl_temps 4
sample r0.xyzw, v2.xyxx, t0.xyzw, s0
mul r0.w, r0.w, v1.w
eq r1.x, r0.w, l(0.000000)
discard_nz r1.x
dp3 r1.x, v3.xyzx, v3.xyzx
rsq r1.x, r1.x
mul r1.xyz, r1.xxxx, v3.xyzx
dp3_sat r1.w, cb1[9].xyzx, r1.xyzx
mul r2.xyz, r1.wwww, cb1[1].xyzx
mul r2.xyz, r2.xyzx, v1.xyzx
mad r2.xyz, cb0[0].xyzx, cb1[0].xyzx, r2.xyzx
dp3_sat r1.w, cb1[10].xyzx, r1.xyzx
mul r3.xyz, r1.wwww, cb1[2].xyzx
mad r2.xyz, r3.xyzx, v1.xyzx, r2.xyzx
dp3_sat r1.w, cb1[11].xyzx, r1.xyzx
mul r3.xyz, r1.wwww, cb1[3].xyzx
mad r2.xyz, r3.xyzx, v1.xyzx, r2.xyzx
dp3_sat r1.x, cb1[12].xyzx, r1.xyzx
mul r1.xyz, r1.xxxx, cb1[4].xyzx
mad_sat r1.xyz, r1.xyzx, v1.xyzx, r2.xyzx
mul o0.xyz, r0.xyzx, r1.xyzx
mov o0.w, r0.w
ret 
// Approximately 0 instruction slots used
