/* d3d12_device.c — the d3d12-vkd3d backend's device: loading vkd3d with dlopen, creating the D3D12
 * device (feature level 11_0) and the objects every request reuses (queue, allocator, command list,
 * fence, descriptor heaps, root signatures, the fullscreen triangle), submitting and waiting with a
 * timeout (fence polling), and closing. D3D12 calls follow Microsoft's Direct3D 12 programming guide
 * ("Executing and synchronizing command lists", "Descriptor heaps"); vkd3d's own entry points
 * (vkd3d_get_vk_physical_device) is that of
 * vkd3d_utils.h / vkd3d.h. The only translation unit that defines the GUIDs (INITGUID). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if SF_HAVE_VKD3D
#include <dlfcn.h>
#include <unistd.h>
#define INITGUID
#include "oracles/impl/d3d12_int.h"
#include <vulkan/vulkan.h>

void sf_d3d12_fmt_why(char *why, size_t n, const char *fmt, ...) {
  if (!why || !n) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, n, fmt, ap);
  va_end(ap);
}

/* dlsym's void * converted through memcpy (ISO C has no function/object pointer cast). */
static bool sym(void *lib, const char *name, void *fnp, size_t sz, sf_status *st, const char *libname) {
  void *p = lib ? dlsym(lib, name) : NULL;
  if (!p) {
    sf_fail(st, SF_UNSUPPORTED, "d3d12-vkd3d: %s lacks %s", libname, name);
    return false;
  }
  memcpy(fnp, &p, sz);
  return true;
}
#define SF_SYM(lib, field, name, libname) sym(lib, name, &d->fn.field, sizeof d->fn.field, st, libname)

static sf_code load_libs(sf_d3d12 *d, sf_status *st) {
  d->lib_utils = dlopen("libvkd3d-utils.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!d->lib_utils) {
    const char *e = dlerror();
    return sf_fail(st, SF_UNSUPPORTED, "d3d12-vkd3d: libvkd3d not found: cannot load libvkd3d-utils.so.1 (%s); "
                   "install libvkd3d-utils1 (scripts/deps.sh)", e ? e : "?");
  }
  d->lib_shader = dlopen("libvkd3d-shader.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!d->lib_shader) {
    const char *e = dlerror();
    return sf_fail(st, SF_UNSUPPORTED, "d3d12-vkd3d: cannot load libvkd3d-shader.so.1 (%s)", e ? e : "?");
  }
  d->lib_vkd3d = dlopen("libvkd3d.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!SF_SYM(d->lib_utils, create_device, "D3D12CreateDevice", "libvkd3d-utils.so.1") ||
      !SF_SYM(d->lib_utils, serialize_rs, "D3D12SerializeRootSignature", "libvkd3d-utils.so.1") ||
      !SF_SYM(d->lib_shader, compile, "vkd3d_shader_compile", "libvkd3d-shader.so.1") ||
      !SF_SYM(d->lib_shader, free_code, "vkd3d_shader_free_shader_code", "libvkd3d-shader.so.1") ||
      !SF_SYM(d->lib_shader, free_messages, "vkd3d_shader_free_messages", "libvkd3d-shader.so.1"))
    return st && st->code ? st->code : SF_UNSUPPORTED;
  return SF_OK;
}

/* The Vulkan device's name (vkd3d.h vkd3d_get_vk_physical_device + vkGetPhysicalDeviceProperties of
 * the loader vkd3d already loaded). Informational: failures leave "unknown". */
static void device_name(sf_d3d12 *d) {
  snprintf(d->info.device, sizeof d->info.device, "unknown");
  PFN_vkd3d_get_vk_physical_device get_pd = NULL;
  PFN_vkGetPhysicalDeviceProperties props = NULL;
  void *p = d->lib_vkd3d ? dlsym(d->lib_vkd3d, "vkd3d_get_vk_physical_device") : NULL;
  if (p) memcpy(&get_pd, &p, sizeof p);
  void *vk = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_NOLOAD);
  p = vk ? dlsym(vk, "vkGetPhysicalDeviceProperties") : NULL;
  if (p) memcpy(&props, &p, sizeof p);
  if (get_pd && props) {
    VkPhysicalDevice pd = get_pd(d->dev);
    if (pd) {
      VkPhysicalDeviceProperties pr;
      memset(&pr, 0, sizeof pr);
      props(pd, &pr);
      snprintf(d->info.device, sizeof d->info.device, "%.96s (Vulkan %u.%u.%u)", pr.deviceName,
               VK_VERSION_MAJOR(pr.apiVersion), VK_VERSION_MINOR(pr.apiVersion), VK_VERSION_PATCH(pr.apiVersion));
    }
  }
  if (vk) dlclose(vk);
}

static bool have_spirv_val(void) {
  const char *path = getenv("PATH");
  if (!path) return false;
  char buf[1024];
  while (*path) {
    const char *e = strchr(path, ':');
    size_t l = e ? (size_t)(e - path) : strlen(path);
    if (l && l < sizeof buf - 16) {
      memcpy(buf, path, l);
      memcpy(buf + l, "/spirv-val", 11);
      if (access(buf, X_OK) == 0) return true;
    }
    if (!e) break;
    path = e + 1;
  }
  return false;
}

static sf_code hr_fail(sf_status *st, const char *what, HRESULT hr) {
  return sf_fail(st, SF_ERR_STATE, "d3d12-vkd3d: %s failed (hr=0x%08x)", what, (unsigned)hr);
}

static sf_code make_heaps(sf_d3d12 *d, sf_status *st) {
  D3D12_DESCRIPTOR_HEAP_DESC hd = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, SF_D3D12_HEAP_SIZE,
                                   D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  HRESULT hr = ID3D12Device_CreateDescriptorHeap(d->dev, &hd, &IID_ID3D12DescriptorHeap, (void **)&d->view_heap);
  if (FAILED(hr)) return hr_fail(st, "CreateDescriptorHeap(CBV_SRV_UAV)", hr);
  hd.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
  hd.NumDescriptors = SF_D3D12_HEAP_SIZE / 3u + 1u;
  hr = ID3D12Device_CreateDescriptorHeap(d->dev, &hd, &IID_ID3D12DescriptorHeap, (void **)&d->sampler_heap);
  if (FAILED(hr)) return hr_fail(st, "CreateDescriptorHeap(SAMPLER)", hr);
  hd.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
  hd.NumDescriptors = 4;
  hd.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
  hr = ID3D12Device_CreateDescriptorHeap(d->dev, &hd, &IID_ID3D12DescriptorHeap, (void **)&d->rtv_heap);
  if (FAILED(hr)) return hr_fail(st, "CreateDescriptorHeap(RTV)", hr);
  d->view_inc = ID3D12Device_GetDescriptorHandleIncrementSize(d->dev, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  d->sampler_inc = ID3D12Device_GetDescriptorHandleIncrementSize(d->dev, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
  d->rtv_inc = ID3D12Device_GetDescriptorHandleIncrementSize(d->dev, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  return SF_OK;
}

/* The fullscreen triangle (-1,-1) (3,-1) (-1,3), float4 positions, in an upload-heap buffer. */
static sf_code make_vb(sf_d3d12 *d, sf_status *st) {
  static const float tri[12] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
  D3D12_HEAP_PROPERTIES hp = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
  D3D12_RESOURCE_DESC rd = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, sizeof tri, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
                            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
  HRESULT hr = ID3D12Device_CreateCommittedResource(d->dev, &hp, D3D12_HEAP_FLAG_NONE, &rd,
                                                    D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource,
                                                    (void **)&d->vb);
  if (FAILED(hr)) return hr_fail(st, "CreateCommittedResource(vertex buffer)", hr);
  void *p = NULL;
  D3D12_RANGE none = {0, 0};
  hr = ID3D12Resource_Map(d->vb, 0, &none, &p);
  if (FAILED(hr) || !p) return hr_fail(st, "Map(vertex buffer)", hr);
  memcpy(p, tri, sizeof tri);
  ID3D12Resource_Unmap(d->vb, 0, NULL);
  return SF_OK;
}

sf_code sf_d3d12_open(sf_d3d12 **out, const sf_d3d12_opts *opts, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_d3d12_open: out is NULL");
  *out = NULL;
  sf_d3d12 *d = calloc(1, sizeof *d);
  if (!d) return sf_fail(st, SF_ERR_LIMIT, "d3d12-vkd3d: out of memory");
  if (opts) d->opts = *opts;
  sf_code c = load_libs(d, st);
  if (c) {
    sf_d3d12_close(d);
    return c;
  }
  HRESULT hr = d->fn.create_device(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d->dev);
  if (FAILED(hr) || !d->dev) {
    sf_d3d12_close(d);
    return sf_fail(st, SF_UNSUPPORTED, "d3d12-vkd3d: no Vulkan device: D3D12CreateDevice(feature level 11_0) "
                   "hr=0x%08x (install mesa-vulkan-drivers for lavapipe)", (unsigned)hr);
  }
  device_name(d);
  D3D12_COMMAND_QUEUE_DESC qd = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
  hr = ID3D12Device_CreateCommandQueue(d->dev, &qd, &IID_ID3D12CommandQueue, (void **)&d->queue);
  if (SUCCEEDED(hr))
    hr = ID3D12Device_CreateCommandAllocator(d->dev, D3D12_COMMAND_LIST_TYPE_DIRECT, &IID_ID3D12CommandAllocator,
                                             (void **)&d->alloc);
  if (SUCCEEDED(hr))
    hr = ID3D12Device_CreateCommandList(d->dev, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, d->alloc, NULL,
                                        &IID_ID3D12GraphicsCommandList, (void **)&d->list);
  /* The list stays open: it is always recording between submissions (submit_and_wait resets it). */
  if (SUCCEEDED(hr)) hr = ID3D12Device_CreateFence(d->dev, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&d->fence);
  if (FAILED(hr)) {
    c = hr_fail(st, "creating the queue, allocator, command list or fence", hr);
    sf_d3d12_close(d);
    return c;
  }
  c = make_heaps(d, st);
  if (!c) c = sf_d3d12_make_root_signatures(d, st);
  if (!c) c = make_vb(d, st);
  if (c) {
    sf_d3d12_close(d);
    return c;
  }
  if (d->opts.validate)
    snprintf(d->info.validator, sizeof d->info.validator, "in-process (caller)");
  else if (!d->opts.no_spirv_val_tool && have_spirv_val()) {
    d->spirv_val_tool = true;
    snprintf(d->info.validator, sizeof d->info.validator, "spirv-val (process)");
  } else
    snprintf(d->info.validator, sizeof d->info.validator, "none");
  *out = d;
  return SF_OK;
}

#define SF_REL(T, p)            \
  do {                          \
    if (p) T##_Release(p);      \
    (p) = NULL;                 \
  } while (0)

void sf_d3d12_close(sf_d3d12 *d) {
  if (!d) return;
  /* Nothing is in flight between calls: every submission is waited for. */
  sf_d3d12_release_psos(d);
  SF_REL(ID3D12Resource, d->vb);
  SF_REL(ID3D12RootSignature, d->rs_cs);
  SF_REL(ID3D12RootSignature, d->rs_ps);
  SF_REL(ID3D12DescriptorHeap, d->view_heap);
  SF_REL(ID3D12DescriptorHeap, d->sampler_heap);
  SF_REL(ID3D12DescriptorHeap, d->rtv_heap);
  SF_REL(ID3D12Fence, d->fence);
  SF_REL(ID3D12GraphicsCommandList, d->list);
  SF_REL(ID3D12CommandAllocator, d->alloc);
  SF_REL(ID3D12CommandQueue, d->queue);
  SF_REL(ID3D12Device, d->dev);
  /* The libraries stay loaded: unloading the Vulkan driver under a sanitizer reports its
   * allocations from an unknown module (the same reason mesa_ctx.c never terminates EGL). */
  free(d);
}

const sf_d3d12_info *sf_d3d12_get_info(const sf_d3d12 *d) { return d ? &d->info : NULL; }

void sf_d3d12_get_stats(const sf_d3d12 *d, sf_d3d12_stats *s) {
  if (!s) return;
  memset(s, 0, sizeof *s);
  if (d) *s = d->stats;
}

/* Closes the list, executes it, signals the fence and waits (20 s: lavapipe compiles pipelines
 * lazily, the first draw of a configuration can take a while under ASan). Then resets the allocator
 * and the list for the next recording. S_OK, or the failing HRESULT with why filled. */
HRESULT sf_d3d12_submit_and_wait(sf_d3d12 *d, char *why, size_t n) {
  HRESULT hr = ID3D12GraphicsCommandList_Close(d->list);
  if (FAILED(hr)) {
    sf_d3d12_fmt_why(why, n, "ID3D12GraphicsCommandList::Close hr=0x%08x", (unsigned)hr);
    return hr;
  }
  ID3D12CommandList *lists[1] = {(ID3D12CommandList *)d->list};
  ID3D12CommandQueue_ExecuteCommandLists(d->queue, 1, lists);
  d->stats.submissions++;
  d->fence_value++;
  hr = ID3D12CommandQueue_Signal(d->queue, d->fence, d->fence_value);
  if (FAILED(hr)) {
    sf_d3d12_fmt_why(why, n, "ID3D12CommandQueue::Signal hr=0x%08x", (unsigned)hr);
    return hr;
  }
  /* vkd3d 1.2's vkd3d_wait_event has no timed wait ("Timed wait not implemented yet"), so the fence
   * is polled: 20 us doubling to 1 ms, for at most 20 s. */
  long sleep_ns = 20000, waited_ns = 0;
  while (ID3D12Fence_GetCompletedValue(d->fence) < d->fence_value) {
    if (waited_ns > 20000000000L) {
      sf_d3d12_fmt_why(why, n, "fence %llu not signalled after 20 s", (unsigned long long)d->fence_value);
      return (HRESULT)0x887A0006; /* DXGI_ERROR_DEVICE_HUNG */
    }
    struct timespec ts = {0, sleep_ns};
    nanosleep(&ts, NULL);
    waited_ns += sleep_ns;
    if (sleep_ns < 1000000) sleep_ns *= 2;
  }
  hr = ID3D12Device_GetDeviceRemovedReason(d->dev);
  if (FAILED(hr)) {
    sf_d3d12_fmt_why(why, n, "device removed: GetDeviceRemovedReason hr=0x%08x", (unsigned)hr);
    return hr;
  }
  hr = ID3D12CommandAllocator_Reset(d->alloc);
  if (SUCCEEDED(hr)) hr = ID3D12GraphicsCommandList_Reset(d->list, d->alloc, NULL);
  if (FAILED(hr)) sf_d3d12_fmt_why(why, n, "allocator/list Reset hr=0x%08x", (unsigned)hr);
  return hr;
}

#else /* !SF_HAVE_VKD3D: built without the vkd3d headers */

#include "samplefuzz/d3d12.h"

sf_code sf_d3d12_open(sf_d3d12 **out, const sf_d3d12_opts *opts, sf_status *st) {
  (void)opts;
  if (out) *out = NULL;
  return sf_fail(st, SF_UNSUPPORTED, "d3d12-vkd3d: this build has no vkd3d headers (install libvkd3d-dev and "
                 "reconfigure; oracles/impl/d3d12_device.c)");
}
void sf_d3d12_close(sf_d3d12 *d) { (void)d; }
const sf_d3d12_info *sf_d3d12_get_info(const sf_d3d12 *d) {
  (void)d;
  return NULL;
}
void sf_d3d12_get_stats(const sf_d3d12 *d, sf_d3d12_stats *s) {
  (void)d;
  if (s) memset(s, 0, sizeof *s);
}
sf_code sf_d3d12_run(sf_d3d12 *d, const sf_d3d12_req *reqs, size_t n, sf_d3d12_result *res, sf_status *st) {
  (void)d;
  (void)reqs;
  (void)n;
  (void)res;
  return sf_fail(st, SF_UNSUPPORTED, "d3d12-vkd3d: this build has no vkd3d headers");
}
#endif
