ps_4_0
dcl_constantbuffer CB0[19], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 3
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
dp3 r1.x, r0.xyzx, l(0.212500, 0.715400, 0.072100, 0.000000)
add r0.xyzw, r0.xyzw, -r1.xxxx
mad r0.xyzw, cb0[16].xxxx, r0.xyzw, r1.xxxx
mul r0.xyzw, r0.xyzw, cb0[17].xyzw
sample r1.xyzw, v1.xyxx, t1.xyzw, s0
dp3 r2.x, r1.xyzx, l(0.212500, 0.715400, 0.072100, 0.000000)
add r1.xyzw, r1.xyzw, -r2.xxxx
mad r1.xyzw, cb0[16].yyyy, r1.xyzw, r2.xxxx
mul r1.xyzw, r1.xyzw, cb0[18].xyzw
mov_sat r2.xyzw, r1.xyzw
add r2.xyzw, -r2.xyzw, l(1.000000, 1.000000, 1.000000, 1.000000)
mad o0.xyzw, r0.xyzw, r2.xyzw, r1.xyzw
ret 
// Approximately 0 instruction slots used
