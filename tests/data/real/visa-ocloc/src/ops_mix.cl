/* OpenCL image kernels whose vISA holds more than sampling: SLM, barriers and fences, atomics,
 * min/max, math built-ins, integer built-ins, subgroups, image writes and byte scatters (written
 * for this test set, under the project licence). */
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t s_pt = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void atomics_slm(__global int *buf, __local int *tmp, read_only image2d_t img) {
  int gid = get_global_id(0), lid = get_local_id(0);
  tmp[lid] = buf[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 c = read_imagef(img, s_lin, (float2)(gid * 0.01f, lid * 0.02f));
  atomic_add(&buf[0], (int)(c.x * 100.0f) + tmp[(lid + 1) % get_local_size(0)]);
  atomic_max(&buf[1], gid);
  atomic_cmpxchg(&buf[2], 0, lid);
}

__kernel void math_mix(__global float4 *out, read_only image2d_t img, float k) {
  int gid = get_global_id(0);
  float4 c = read_imagef(img, s_pt, (int2)(gid & 63, gid >> 6));
  float4 r = sqrt(fabs(c)) + native_sin(c) * exp2(c) - log2(c + 1.0f);
  r = mad(r, (float4)(k), rsqrt(c + 2.0f));
  r.x = fmin(r.x, r.y) + pow(r.z, r.w) + floor(r.x) + ceil(r.y) + rint(r.z);
  out[gid] = select(r, c, isnan(r));
}

__kernel void ints(__global uint *out, __global const uint *in, read_only image2d_t img) {
  int gid = get_global_id(0);
  uint a = in[gid], b = in[gid + 1];
  uint4 p = read_imageui(img, s_pt, (int2)(a & 15, b & 15));
  out[gid] = popcount(a) + clz(b) + rotate(a, b) + (a * b >> 3) + mul_hi(a, b) + (a / (b | 1)) + (a % 7) + p.x + hadd(a, b) + abs_diff(a,b);
}

__kernel void subgroups(__global float *out, read_only image2d_array_t img) {
  int gid = get_global_id(0);
  float4 c = read_imagef(img, s_lin, (float4)(gid * 0.1f, 0.5f, 1.0f, 0.0f));
  float s = sub_group_reduce_add(c.x);
  float m = sub_group_broadcast(c.y, 0);
  out[gid] = s + m + (float)get_sub_group_local_id();
}

__kernel void writes(write_only image2d_t dst, read_only image2d_t src) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(src, s_pt, p);
  write_imagef(dst, p, c.wzyx * 0.5f);
}

__kernel void halves(__global float *d, __global half *h, read_only image1d_t img) {
  int gid = get_global_id(0);
  float4 c = read_imagef(img, s_lin, gid * 0.01f);
  d[gid] = c.x * 3.0f + d[gid + 1];
  vstore_half(c.y, gid, h);
}
