/* OpenCL kernels whose vISA holds 2D block loads (lsc_load_block2d: several blocks, VNNI transform,
 * transpose), through cl_intel_subgroup_extended_block_read (Xe-HPC); written for this test set,
 * under the project licence. This ocloc's headers do not declare the extension's functions, so they
 * are declared here as its built-in library defines them. */
ushort16 intel_subgroup_block_read_u16_m8k16v2(__global void *base, int width, int height, int pitch, int2 coord);
ushort8 intel_subgroup_block_read_u8_m4k32v2(__global void *base, int width, int height, int pitch, int2 coord);
ushort2 intel_subgroup_block_read_u8_m1k32v2(__global void *base, int width, int height, int pitch, int2 coord);
uint8 intel_subgroup_block_read_transform_u16_k16(__global void *base, int width, int height, int pitch, int2 coord);
uint8 intel_subgroup_block_read_transform_u8_k32(__global void *base, int width, int height, int pitch, int2 coord);
uint8 intel_subgroup_block_read_transpose_u32_k8(__global void *base, int width, int height, int pitch, int2 coord);
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void u16_blocks(__global ushort *src, __global ushort *dst, int w, int h) {
  int2 c = (int2)(get_group_id(0) * 16, get_group_id(1) * 8);
  ushort16 v = intel_subgroup_block_read_u16_m8k16v2(src, w * 2, h, w * 2, c);
  dst[get_global_id(0)] = v.s0 + v.s9 + v.sf;
}
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void u8_blocks(__global uchar *src, __global ushort *dst, int w, int h) {
  int2 c = (int2)(get_group_id(0) * 32, get_group_id(1) * 4);
  ushort8 v = intel_subgroup_block_read_u8_m4k32v2(src, w, h, w, c);
  ushort2 u = intel_subgroup_block_read_u8_m1k32v2(src, w, h, w, c + (int2)(0, 1));
  dst[get_global_id(0)] = v.s0 + v.s7 + u.s1;
}
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void vnni(__global ushort *src, __global uint *dst, int w, int h) {
  int2 c = (int2)(get_group_id(0) * 16, get_group_id(1) * 16);
  uint8 a = intel_subgroup_block_read_transform_u16_k16(src, w * 2, h, w * 2, c);
  uint8 b = intel_subgroup_block_read_transform_u8_k32((__global uchar *)src, w * 2, h, w * 2, c);
  dst[get_global_id(0)] = a.s0 + a.s7 + b.s3;
}
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void transpose(__global uint *src, __global uint *dst, int w, int h) {
  int2 c = (int2)(get_group_id(0) * 8, get_group_id(1) * 16);
  uint8 t = intel_subgroup_block_read_transpose_u32_k8(src, w * 4, h, w * 4, c);
  dst[get_global_id(0)] = t.s0 + t.s5;
}
