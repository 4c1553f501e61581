/* OpenCL kernels whose vISA holds integer, 64-bit, conversion and select built-ins (written for
 * this test set, under the project licence). */
__kernel void ints(__global int4 *o, __global const int4 *a, __global const uint *u) {
  int g = get_global_id(0);
  int4 x = a[g];
  uint y = u[g];
  o[g] = popcount(x) + clz(x) + rotate(x, (int4)(3)) + mul_hi(x, x.yzwx) + add_sat(x, x) + as_int4(abs(x)) + (int4)(mad24(x.x, x.y, x.z)) +
         hadd(x, x.wzyx) + (x >> (int4)(y & 31)) + (x / (int4)(7)) + (x % (int4)(y | 1)) + min(x, x.yxwz) + max(x, 3) + clamp(x, -5, 5);
}
__kernel void longs(__global long *o, __global const long *a, __global const ulong *b) {
  int g = get_global_id(0);
  o[g] = a[g] * a[g + 1] + (long)(b[g] / (b[g + 1] | 1)) + (a[g] >> 5) + (long)popcount(b[g]);
}
__kernel void conv(__global uchar4 *o, __global const float4 *a, __global short2 *s, __global const half *h) {
  int g = get_global_id(0);
  o[g] = convert_uchar4_sat_rte(a[g] * 255.0f);
  s[g] = convert_short2_sat(a[g].xy * 1000.0f);
  float hf = vload_half(g, h);
  vstore_half_rtz(hf * 2.0f, g + 1, (__global half *)h);
  o[g + 1] = as_uchar4(as_uint(a[g].x) ^ 0x80000000u);
}
__kernel void sel(__global float *o, __global const float *a, int n) {
  int g = get_global_id(0);
  float v = a[g];
  float r = select(v, -v, isnan(v)) + (isinf(v) ? 1.0f : 0.0f) + step(0.5f, v) + smoothstep(0.0f, 1.0f, v) + mix(v, 2.0f, 0.25f);
  o[g] = r + (float)signbit(v) + nextafter(v, 1.0f) + fmod(v, 3.0f) + remainder(v, 2.0f) + ldexp(v, n) + (float)ilogb(v);
}
