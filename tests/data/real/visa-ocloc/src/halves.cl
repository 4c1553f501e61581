/* OpenCL kernels whose vISA holds half-precision arithmetic and read_imageh (written for this test
 * set, under the project licence). */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void h(__global half4 *o, __global const half4 *a, read_only image2d_t img, sampler_t s) {
  int g = get_global_id(0);
  half4 x = a[g];
  half4 t = read_imageh(img, s, (float2)(g * 0.01f, 0.5f));
  o[g] = x * x + (half4)(1.5h) + t + sqrt(x) + fma(x, t, x);
}
