#pragma OPENCL EXTENSION cl_khr_gl_msaa_sharing : enable
/* Multisample image reads: read_imagef/read_imagei/read_imageui with a sample index, and the
 * sample-count and size queries. */
kernel void msaa_resolve(read_only image2d_msaa_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  int n = get_image_num_samples(src);
  float4 acc = (float4)(0.0f);
  for (int s = 0; s < n; s++) acc += read_imagef(src, p, s);
  write_imagef(dst, p, acc / (float)n);
}
kernel void msaa_sample1(read_only image2d_msaa_t src, global uint4 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  out[p.y * get_image_width(src) + p.x] = read_imageui(src, p, 1) + (uint4)(get_image_height(src));
}
kernel void msaa_array(read_only image2d_array_msaa_t src, global int4 *out) {
  int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  out[get_global_id(0)] = read_imagei(src, p, 3);
}
kernel void msaa_depth(read_only image2d_msaa_depth_t src, global float *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  out[get_global_id(0)] = read_imagef(src, p, 0);
}
