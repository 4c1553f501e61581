ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v1.xyxx, t0.xwyz, s0
dp3 r0.x, r0.xzwx, l(0.212500, 0.715400, 0.072100, 0.000000)
mov o0.xyzw, r0.xxxy
ret 
// Approximately 0 instruction slots used
