/* OpenCL kernels whose vISA holds global, local and C11 atomics (dword_atomic, svm_atomic .64,
 * setp) (written for this test set, under the project licence). */
__kernel void hist(__global const uchar *in, __global volatile int *h, __local volatile int *lh) {
  int l = get_local_id(0);
  if (l < 256) lh[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&lh[in[get_global_id(0)]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 256) atomic_add(&h[l], lh[l]);
}
__kernel void cas(__global volatile int *p, __global volatile uint *q, __global volatile long *r) {
  int g = get_global_id(0);
  atomic_cmpxchg(p, g, g + 1);
  atomic_xchg(q + 1, (uint)g);
  atomic_max(p + 2, g); atomic_min(q + 3, (uint)g); atomic_and(p + 4, g); atomic_or(q + 5, g); atomic_xor(p + 6, g);
  atomic_dec(q + 7);
  atom_add(r, (long)g);
}
__kernel void c11(__global atomic_int *a, __global atomic_float *f) {
  atomic_fetch_add_explicit(a, 1, memory_order_relaxed, memory_scope_device);
  atomic_store(a + 1, get_global_id(0));
  float x = atomic_load(f);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group);
  atomic_store(f + 1, x + 1.0f);
}
