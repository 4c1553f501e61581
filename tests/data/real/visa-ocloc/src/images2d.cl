// Image kernels written for samplefuzz's real-program test set (compiled by IGC via ocloc).
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t s_pt = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t s_mir = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;

__kernel void resize_linear(read_only image2d_t src, write_only image2d_t dst, float sx, float sy) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float2 uv = (float2)((p.x + 0.5f) * sx, (p.y + 0.5f) * sy);
  write_imagef(dst, p, read_imagef(src, s_lin, uv));
}

__kernel void point_copy_int(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagei(dst, p, read_imagei(src, s_pt, (float2)(p.x, p.y)));
}

__kernel void box3(read_only image2d_t src, __global float4 *out, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 acc = (float4)(0.0f);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      acc += read_imagef(src, s_pt, (int2)(x + dx, y + dy));
  out[y * w + x] = acc / 9.0f;
}

__kernel void mirror_uint(read_only image2d_t src, __global uint4 *out, float scale) {
  int i = get_global_id(0);
  out[i] = read_imageui(src, s_mir, (float2)(i * scale, 1.0f - i * scale));
}

__kernel void user_sampler(read_only image2d_t src, sampler_t s, __global float4 *out, __global const float2 *uv) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, s, uv[i]);
}

__kernel void no_sampler_read(read_only image2d_t src, __global float4 *out, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * w + x] = read_imagef(src, (int2)(x, y));
}
