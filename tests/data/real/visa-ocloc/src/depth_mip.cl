// Image kernels written for samplefuzz's real-program test set (compiled by IGC via ocloc).
#pragma OPENCL EXTENSION cl_khr_mipmap_image : enable
__constant sampler_t s_pt = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void lod_explicit(read_only image2d_t src, sampler_t s_mip, __global float4 *out, float lod) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, s_mip, (float2)(i / 16.0f, 0.25f), lod);
}

__kernel void grad_explicit(read_only image2d_t src, sampler_t s_mip, __global float4 *out, float2 gx, float2 gy) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, s_mip, (float2)(i / 16.0f, 0.75f), gx, gy);
}

__kernel void depth_read(read_only image2d_depth_t d, __global float *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(d, s_pt, (float2)(i / 8.0f, 0.5f));
}

__kernel void query_sizes(read_only image2d_t a, read_only image3d_t b, __global int *out) {
  out[0] = get_image_width(a); out[1] = get_image_height(a);
  out[2] = get_image_depth(b); out[3] = get_image_num_mip_levels(a);
}
