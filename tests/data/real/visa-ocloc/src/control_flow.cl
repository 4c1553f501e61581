/* Control flow around image sampling, so that the vISA kernels carry several labels, jumps
 * and (where IGC keeps them) subroutine calls. Written for samplefuzz's real-program test set. */
__constant sampler_t lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t pt = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void loop_taps(read_only image2d_t src, __global float4 *dst, int taps, float step) {
  int x = get_global_id(0), y = get_global_id(1);
  float2 uv = (float2)(x, y) / (float2)(get_image_width(src), get_image_height(src));
  float4 acc = 0.0f;
  for (int i = 0; i < taps; i++) {
    acc += read_imagef(src, lin, uv + (float2)(i * step, 0.0f));
    if (acc.w > 4.0f) break;
  }
  dst[y * get_global_size(0) + x] = acc;
}

__kernel void branchy(read_only image2d_t src, __global float4 *dst, __global const int *mode) {
  int x = get_global_id(0), y = get_global_id(1);
  int m = mode[x & 7];
  float4 r;
  if (m == 0) {
    r = read_imagef(src, pt, (int2)(x, y));
  } else if (m == 1) {
    r = read_imagef(src, lin, (float2)(x, y) * 0.125f);
  } else {
    r = (float4)(0.0f);
    while (m-- > 1) r += read_imagef(src, pt, (int2)(x + m, y));
  }
  if (r.x < 0.0f) return;
  dst[y * get_global_size(0) + x] = r;
}

__attribute__((noinline)) float4 tap(read_only image2d_t src, float2 uv, float lod) {
  return read_imagef(src, lin, uv) * lod;
}

__kernel void called(read_only image2d_t src, __global float4 *dst, float lod) {
  int x = get_global_id(0), y = get_global_id(1);
  float2 uv = (float2)(x, y) * 0.01f;
  float4 a = tap(src, uv, lod);
  if (a.y > 0.5f) a += tap(src, uv.yx, lod * 2.0f);
  dst[y * get_global_size(0) + x] = a;
}
