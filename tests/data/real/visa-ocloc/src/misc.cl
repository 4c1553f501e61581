/* OpenCL kernels whose vISA holds 64-bit SLM atomics, 64-bit gathers, correctly rounded division,
 * image loads from 1D buffers, 2D and 3D images, subgroup barriers (written for this test set, under
 * the project licence). */
__kernel void lat(__global long *o, __local long *l, __global atomic_long *al) {
  int i = get_local_id(0);
  l[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  atom_add(&l[0], (long)i);
  atomic_fetch_add_explicit(al, (long)i, memory_order_relaxed);
  atom_cmpxchg(&l[1], 0L, (long)i);
  barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(0)] = l[0] + l[1];
}
__kernel void qg(__global long *o, __global const long *a, __global const int *idx) {
  int g = get_global_id(0);
  o[g] = a[idx[g]] + upsample(idx[g], (uint)g) + (long)rhadd(g, idx[g]) + (long)mad_sat(g, g, g) + (long)sub_sat(g, idx[g]);
}
__kernel void dv(__global float *o, __global const float *a) {
  int g = get_global_id(0);
  o[g] = a[g] / a[g + 1] + sqrt(a[g]) + half_divide(a[g], 3.0f) + convert_float(convert_int_rte(a[g]));
}
__kernel void img_ld(read_only image2d_t in, read_only image3d_t v, __global float4 *o, __global int4 *oi, read_only image1d_buffer_t bf) {
  int2 c = (int2)(get_global_id(0), get_global_id(1));
  o[c.x] = read_imagef(in, c) + read_imagef(v, (int4)(c, 1, 0)) + read_imagef(bf, c.x);
  oi[c.x] = (int4)(get_image_dim(in), get_image_width(bf), 1);
}
__kernel void sgb(__global int *o) {
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE);
  o[get_global_id(0)] = sub_group_reduce_max((int)get_global_id(0));
}
