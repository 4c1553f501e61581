/* OpenCL kernels that call built-ins this IGC does not define (the subgroup matrix
 * multiply-accumulate functions of cl_intel_subgroup_matrix_multiply_accumulate, declared here by
 * hand): IGC 1.0.12504 then takes each function's address (faddr) and calls it indirectly (ifcall),
 * and writes a symbol-table kernel beside them (written for this test set, under the project
 * licence). */
int intel_sub_group_i8_i8_matrix_mad_k32(int a, int8 b, int acc);
float intel_sub_group_bf16_bf16_matrix_mad_k16(short a, int8 b, float acc);

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void mad_i8(__global int *out, __global const int *a, __global const int8 *b) {
  int gid = get_global_id(0);
  out[gid] = intel_sub_group_i8_i8_matrix_mad_k32(a[gid], b[get_group_id(0)], out[gid]);
}

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void mad_bf16(__global float *out, __global const short *a, __global const int8 *b) {
  int gid = get_global_id(0);
  out[gid] = intel_sub_group_bf16_bf16_matrix_mad_k16(a[gid], b[get_group_id(0)], out[gid]);
}
