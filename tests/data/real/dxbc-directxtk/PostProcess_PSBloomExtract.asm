ps_4_0
dcl_constantbuffer CB0[17], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
add r0.xyzw, r0.xyzw, -cb0[16].xyzw
add r1.xyzw, -cb0[16].xyzw, l(1.000000, 1.000000, 1.000000, 1.000000)
div_sat o0.xyzw, r0.xyzw, r1.xyzw
ret 
// Approximately 0 instruction slots used
