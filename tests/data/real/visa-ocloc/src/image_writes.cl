/* OpenCL kernels whose vISA holds image writes, read-write images, image queries (written for this
 * test set, under the project licence). */
__kernel void write2d(write_only image2d_t out, __global const float4 *src) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(out, p, src[p.y * get_image_width(out) + p.x]);
}
__kernel void write_ui(write_only image2d_t out, uint v) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(out, p, (uint4)(v, p.x, p.y, 1));
}
__kernel void copy3d(read_only image3d_t in, write_only image3d_t out) {
  int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  write_imagef(out, p, read_imagef(in, p));
}
__kernel void rw2d(read_write image2d_t img) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(img, p);
  write_imagef(img, p, c * 0.5f);
}
__kernel void arr(read_only image2d_array_t in, write_only image1d_array_t out, sampler_t s) {
  int x = get_global_id(0);
  float4 c = read_imagef(in, s, (float4)(x * 0.1f, 0.5f, 2.0f, 0.0f));
  write_imagef(out, (int2)(x, 1), c);
}
__kernel void query(read_only image3d_t a, read_only image2d_array_t b, __global int *o) {
  o[0] = get_image_depth(a); o[1] = get_image_height(a); o[2] = (int)get_image_array_size(b);
  o[3] = get_image_channel_data_type(a); o[4] = get_image_channel_order(b);
}
