/* An OpenCL kernel that calls printf (written for this test set, under the project licence). */
__kernel void pf(__global const float *a) {
  int g = get_global_id(0);
  if (g == 0) printf("value %f at %d\n", a[g], g);
}
