ps_4_0
dcl_constantbuffer CB0[18], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v1.xyxx, t1.xyzw, s0
mul r0.xyzw, r0.xyzw, cb0[17].xyzw
sample r1.xyzw, v1.xyxx, t0.xyzw, s0
mad o0.xyzw, cb0[16].xyzw, r1.xyzw, r0.xyzw
ret 
// Approximately 0 instruction slots used
