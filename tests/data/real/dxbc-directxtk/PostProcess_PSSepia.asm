ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
dp3 o0.x, r0.xyzx, l(0.393000, 0.769000, 0.189000, 0.000000)
dp3 o0.y, r0.xyzx, l(0.349000, 0.686000, 0.168000, 0.000000)
dp3 o0.z, r0.xyzx, l(0.272000, 0.534000, 0.131000, 0.000000)
mov o0.w, r0.w
ret 
// Approximately 0 instruction slots used
