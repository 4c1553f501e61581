// Image kernels written for samplefuzz's real-program test set (compiled by IGC via ocloc).
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
__constant sampler_t s_pt = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void volume_slice(read_only image3d_t vol, __global float4 *out, float z) {
  int i = get_global_id(0), j = get_global_id(1);
  out[j * get_global_size(0) + i] = read_imagef(vol, s_lin, (float4)(i / 64.0f, j / 64.0f, z, 0.0f));
}

__kernel void array_layers(read_only image2d_array_t arr, __global float4 *out, int layer) {
  int i = get_global_id(0);
  out[i] = read_imagef(arr, s_lin, (float4)(i / 32.0f, 0.5f, (float)layer, 0.0f));
}

__kernel void array1d(read_only image1d_array_t arr, __global int4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagei(arr, s_pt, (float2)((float)i, 1.0f));
}

__kernel void image1d_buf(read_only image1d_buffer_t b, __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(b, i);
}

__kernel void write3d(write_only image3d_t vol, float4 v) {
  write_imagef(vol, (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0), v);
}
