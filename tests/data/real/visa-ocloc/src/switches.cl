/* OpenCL kernels whose vISA holds switch, loops, early returns, a called function, the work-item
 * id built-ins (written for this test set, under the project licence). */
int helper(int x, int y) { return x > y ? x * 3 : y - x; }
__kernel void sw(__global int *o, __global const int *a) {
  int g = get_global_id(0), r = 0;
  switch (a[g] & 7) {
  case 0: r = 10; break; case 1: r = a[g + 1]; break; case 2: r = helper(a[g], 5); break;
  case 3: for (int i = 0; i < a[g + 2]; i++) r += i; break; case 5: r = -1; break; default: r = g;
  }
  while (r > 1000) { r /= 3; if (r == 77) break; }
  do { r++; } while (r & 1);
  o[g] = r;
}
__kernel void early(__global int *o, __global const int *a) {
  int g = get_global_id(0);
  if (a[g] < 0) return;
  if (a[g] == 0) { o[g] = 0; return; }
  o[g] = a[g] * 2;
}
__kernel void ids(__global int *o) {
  o[get_global_linear_id()] = get_global_id(2) * 1000 + get_local_id(1) * 100 + get_group_id(2) + get_num_groups(1) +
                              get_global_offset(0) + get_work_dim() + get_enqueued_local_size(0) + get_sub_group_size() +
                              get_num_sub_groups() + get_sub_group_id();
}
