ps_4_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
mul_sat o0.xyz, r0.xyzx, cb0[0].xxxx
mov o0.w, r0.w
ret 
// Approximately 0 instruction slots used
