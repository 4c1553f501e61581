/* OpenCL kernels whose vISA holds private arrays indexed at run time (addr_add, indirect
 * operands), SLM reductions, vector loads, byte stores, async copies (written for this test set,
 * under the project licence). */
__kernel void priv(__global int *o, __global const int *idx) {
  int tab[16];
  int g = get_global_id(0);
  for (int i = 0; i < 16; i++) tab[i] = i * g;
  o[g] = tab[idx[g] & 15] + tab[(idx[g] >> 4) & 15];
}
__kernel void loc(__global float *o, __local float *t, __global const float *a) {
  int l = get_local_id(0), n = get_local_size(0);
  t[l] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = n / 2; s > 0; s >>= 1) { if (l < s) t[l] += t[l + s]; barrier(CLK_LOCAL_MEM_FENCE); }
  if (l == 0) o[get_group_id(0)] = t[0];
}
__kernel void vload(__global float *o, __global const float *a, __constant float *c) {
  int g = get_global_id(0);
  float8 v = vload8(g, a);
  float3 w = vload3(g, a + 3);
  vstore8(v * c[g & 7], g, o);
  vstore3(w, g, o + 100);
}
__kernel void bytes(__global uchar *o, __global const char *a, __global ushort *u) {
  int g = get_global_id(0);
  o[g * 3] = a[g] + 1; o[g * 3 + 1] = a[g + 7]; u[g * 5] = (ushort)(a[g] * 300);
}
__kernel void copyasync(__global float *o, __global const float *a, __local float *t) {
  event_t e = async_work_group_copy(t, a + get_group_id(0) * 64, 64, 0);
  wait_group_events(1, &e);
  o[get_global_id(0)] = t[get_local_id(0) & 63] * 2.0f;
  prefetch(a + 128, 64);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
}
