/* OpenCL kernels whose vISA holds subgroup reductions, shuffles and block reads/writes
 * (oword_ld_unaligned, oword_st), work-group collectives (written for this test set, under the
 * project licence). */
__kernel void sg(__global float *o, __global const uint *in) {
  uint g = get_global_id(0);
  float v = (float)in[g];
  float s = sub_group_reduce_add(v);
  float m = sub_group_scan_inclusive_max(v);
  float b = sub_group_broadcast(v, 3);
  o[g] = s + m + b + (float)get_sub_group_local_id() + (float)sub_group_any(v > 2.0f);
}
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void shuf(__global uint *o, __global const uint *in) {
  uint g = get_global_id(0);
  uint v = intel_sub_group_block_read(in + get_group_id(0) * 16);
  uint s = intel_sub_group_shuffle(v, (get_sub_group_local_id() + 1) & 15);
  uint d = intel_sub_group_shuffle_down(v, s, 2);
  uint x = intel_sub_group_shuffle_xor(v, 5);
  intel_sub_group_block_write(o + get_group_id(0) * 16, s + d + x);
}
__kernel void wg(__global int *o, __global const int *in) {
  int v = in[get_global_id(0)];
  o[get_global_id(0)] = work_group_reduce_add(v) + work_group_scan_exclusive_min(v) + work_group_broadcast(v, 0) + work_group_all(v > 0);
}
