/* OpenCL kernels whose vISA holds subgroup block reads and writes of images (media_ld, media_st)
 * and of global memory (svm_block_ld, svm_block_st) (written for this test set, under the project
 * licence). */
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void media(read_only image2d_t in, write_only image2d_t out) {
  int2 c = (int2)(get_group_id(0) * 64, get_global_id(1));
  uint v = intel_sub_group_block_read(in, c);
  uint2 w = intel_sub_group_block_read2(in, c + (int2)(0, 1));
  intel_sub_group_block_write(out, c, v + w.x + w.y);
}
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void media_us(read_only image2d_t in, __global ushort *o) {
  int2 c = (int2)(get_group_id(0) * 32, get_global_id(1));
  ushort v = intel_sub_group_block_read_us(in, c);
  ushort8 w = intel_sub_group_block_read_us8(in, c);
  o[get_global_id(0)] = v + w.s0 + w.s7;
}
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void slm_blocks(__global uint *o, __local uint *l) {
  l[get_local_id(0)] = get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = intel_sub_group_block_read((__global uint *)o);
  uint4 w = intel_sub_group_block_read4((__global uint *)o + 64);
  intel_sub_group_block_write_us((__global ushort *)o, (ushort)v);
  o[get_global_id(0) + 100] = w.x + w.w;
}
