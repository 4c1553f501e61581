/* oracles/checks/visa_known_lines.h — vISA text lines whose fields and printed form are known:
 * lines copied from the .visaasm files IGC 1.0.12504 wrote (tests/data/real/visa-ocloc/) or that
 * GenX_IR 12504 prints back from our .isa, each with the opcode, field kinds and leading field
 * values it must parse to. Used by `known_lines` (check_isa_lines.c, once per process in the
 * isa_file target) and by tests/test_visa_gen_text.c. Each line is parsed after
 * SF_VISA_KNOWN_HDR, alone in its kernel, and must print back verbatim. */
#ifndef SF_ORACLES_CHECKS_VISA_KNOWN_LINES_H
#define SF_ORACLES_CHECKS_VISA_KNOWN_LINES_H

#include <stdint.h>

#include "samplefuzz/status.h"

/* The declarations every known line may name. */
#define SF_VISA_KNOWN_HDR \
  ".version 4.1\n.kernel \"k\"\n" \
  ".decl V0046 v_type=G type=d num_elts=16 align=hword\n" \
  ".decl V0047 v_type=G type=d num_elts=16 align=hword\n" \
  ".decl V0049 v_type=G type=d num_elts=16 align=hword\n" \
  ".decl V0055 v_type=G type=f num_elts=16 align=hword\n" \
  ".decl V0057 v_type=G type=f num_elts=16 align=hword\n" \
  ".decl V0050 v_type=G type=uw num_elts=16 align=hword\n" \
  ".decl V0052 v_type=G type=d num_elts=16 align=hword\n" \
  ".decl V0054 v_type=G type=d num_elts=16 align=hword\n" \
  ".decl A0 v_type=A num_elts=16\n" \
  ".decl P1 v_type=P num_elts=32\n" \
  ".decl P2 v_type=P num_elts=32\n" \
  ".decl T6 v_type=T num_elts=1 v_name=img\n"

/* 3D_SAMPLE lines as IGC 1.0.12504 wrote them (ops_mix-dg2-writes-simd32.visaasm; its variables
 * V0065, V0067 and V0063 here the header's V0055 and V0057): each parses, alone in its kernel, to
 * one 3D_SAMPLE of the sub-op given and prints back verbatim, IGC's two spaces after the execution
 * size included. Used by `known_lines`. */
typedef struct sf_visa_known_s3d {
  const char *line;
  uint8_t sub;
} sf_visa_known_s3d;

static const sf_visa_known_s3d SF_VISA_KNOWN_S3D_LINES[] = {
    {"sample_l.RGBA (M1, 16)  0x0:uw S0 T6 V0055.0 V0057.0 V0055.0 V0057.0", 0x02},
};

typedef struct sf_visa_known_line {
  const char *line;
  uint8_t op;
  uint16_t num_ops;
  const char *kinds; /* the field kinds, in layout order */
  uint32_t u[4];     /* the values of the first four non-operand fields (E, P, b, w, L, ...) */
  unsigned nu;
} sf_visa_known_line;

static const sf_visa_known_line SF_VISA_KNOWN_LINES[] = {
    {"or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud", 0x21, 5, "EPVVV", {0x80, 0}, 2},
    {"mov (M5, 16) V0046(0,0)<1> V0047(0,0)<1;1,0>", 0x29, 4, "EPVV", {0x44, 0}, 2},
    {"add (M1, 16) V0046(0,0)<1> V0047(0,0)<0;1,0> 0xffffffff:w", 0x01, 5, "EPVVV", {0x04, 0}, 2},
    {"mad (M1, 16) V0055(0,0)<1> (-)V0055(0,0)<1;1,0> V0057(0,0)<0;1,0> V0057(0,0)<0;1,0>", 0x0c, 6, "EPVVVV",
     {0x04, 0}, 2},
    {"(P2) sel (M1, 16) V0057(0,0)<1> 0xbf800000:f V0055(0,0)<1;1,0>", 0x2a, 5, "EPVVV", {0x04, 2}, 2},
    {"cmp.eq (M1_NM, 16) P1 V0046(0,0)<0;1,0> 0x0:d", 0x2c, 5, "EbVVV", {0x84, 0}, 2},
    {"cmp.lt (M1, 16) P2 V0055(0,0)<1;1,0> 0x0:f", 0x2c, 5, "EbVVV", {0x04, 4}, 2},
    {"cmpn.ne (M1, 16) P1 V0046(0,0)<1;1,0> 0x0:d", 0x2c, 5, "EbVVV", {0x04, 0x81}, 2},
    {"cmp.rel6 (M1, 16) P1 V0046(0,0)<1;1,0> 0x0:d", 0x2c, 5, "EbVVV", {0x04, 6}, 2},
    {"cmp.ge.sat (M1, 16) V0055(0,0)<1> V0055(0,0)<1;1,0> 0x0:f", 0x2c, 5, "EbVVV", {0x04, 3}, 2},
    {"resinfo.RGBA (M1, 16)  T6 V0046.0 V0047.0", 0x70, 6, "SEbbRR", {10, 0x04, 15, 6}, 4},
    {"sampleinfo.R (M1_NM, 8)  T6 V0047.32", 0x70, 5, "SEbbR", {11, 0x83, 1, 6}, 4},
    {"movs (M1_NM, 1) T6(0) 0x0:ud", 0x2d, 3, "EVV", {0x80}, 1},
    /* a file name with the escapes GenX_IR writes (tests/test_visa_send_text.c): cut after each
     * byte, the string reader meets the end of the text just after a backslash */
    {"FILE \"q\\\"x\\\\y\\'.cl\"", 0x51, 1, "d", {0}, 0},
    /* and the bytes it writes as \x and two digits: DEL, a control byte and two past ASCII, beside
     * the edges it writes as they are, a space and '~' (GenX_IR 12504's -dumpcommonisa of the .isa
     * we write for this line prints it) */
    {"FILE \"a\\x7fb\\x1f \\x80\\xff~.cl\"", 0x51, 1, "d", {0}, 0},
    {"addc (M1_NM, 8) V0052(0,0)<1> V0054(0,0)<1> V0050(0,0)<1;1,0> 0xc840:uv", 0x49, 6, "EPVVVV", {0x83, 0}, 2},
    {"div (M1, 16) V0055(0,0)<1> V0055(0,0)<1;1,0> 0x41100000:f", 0x03, 5, "EPVVV", {0x04, 0}, 2},
    /* 64-bit immediates (df from builtins-pvc-ints-simd32; q and uq as GenX_IR prints them): their
     * 8-byte type size decides how many bytes the immediate takes */
    {"mad (M1, 16) V0055(0,0)<1> V0055(0,0)<1;1,0> V0057(0,0)<1;1,0> 0x3ff0000000004000:df", 0x0c, 6, "EPVVVV", {0x04, 0}, 2},
    {"add (M1, 16) V0046(0,0)<1> V0047(0,0)<0;1,0> 0x123456789:q", 0x01, 5, "EPVVV", {0x04, 0}, 2},
    {"add (M1, 16) V0046(0,0)<1> V0047(0,0)<0;1,0> 0x8000000000000000:uq", 0x01, 5, "EPVVV", {0x04, 0}, 2},
    {"scatter4_scaled.RGBA (M1, 16) T6 0x0:ud V0046.0 V0055.0", 0x75, 8, "EPbwbVRR", {0x04, 0, 15, 0}, 4},
    {"gather4_scaled.RG (M1, 16) T6 0x0:ud V0046.0 V0055.0", 0x74, 8, "EPbwbVRR", {0x04, 0, 3, 0}, 4},
    {"scatter4_typed.RGBA (M1, 8) T6 V0046.0 V0047.0 %null.0 %null.0 V0055.0", 0x4c, 9, "EPbbRRRRR", {0x03, 0, 15, 6}, 4},
    {"svm_scatter.4.1 (M1_NM, 8) V0046.0 V0047.0", 0x4e, 7, "SEPbbRR", {4, 0x83, 0, 1}, 4},
    {"load_lz.RGBA (M1, 16)  0x0:uw T6 V0046.0 V0047.0 V0049.0", 0x6e, 10, "wEPbVbRnRR", {0x1a, 0x04, 0, 15}, 4},
    /* synthesized in GenX_IR's syntax (IsaDisassembly.cpp / CISA.y forms) */
    {"mov.sat (M1, 16) V0055(0,0)<1> (-)V0057(0,0)<1;1,0>", 0x29, 4, "EPVV", {0x04, 0}, 2},
    {"(!P1.any) not (M1, 16) V0046(0,0)<1> (~)V0047(0,0)<1;1,0>", 0x23, 4, "EPVV", {0x04, 0xA001}, 2},
    {"(P1) jmp (M1, 1) lab", 0x32, 3, "EPL", {0x00, 1, 0}, 3},
    {"goto (M1, 16) lab", 0x6c, 3, "EPL", {0x04, 0, 0}, 3},
    {"fret (M1, 1)", 0x68, 2, "EP", {0x00, 0}, 2},
    {"add3.o (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> V0049(0,0)<1;1,0> 0x1:d", 0x92, 6, "EPVVVV", {0x04, 0}, 2},
    /* bfn (IGC 12504 for DG2; GenX_IR's -dumpcommonisa of our .isa prints these lines): the
     * function byte is the last field, in hex without padding */
    {"bfn.xd8 (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> V0049(0,0)<1;1,0> V0052(0,0)<1;1,0>", 0x85, 7, "EPVVVVb",
     {0x04, 0, 0xd8}, 3},
    {"(!P1) bfn.xa (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> 0x5:ud (-)V0052(0,0)<1;1,0>", 0x85, 7, "EPVVVVb",
     {0x04, 0x8001, 0x0a}, 3},
    {"bfn.x0.sat (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> 0x5:ud V0052(0,0)<1;1,0>", 0x85, 7, "EPVVVVb",
     {0x04, 0, 0}, 3},
    /* LSC (IGC 12504 for PVC; GenX_IR's -dumpcommonisa of our .isa prints these lines) */
    {"lsc_load.ugm.ca.ca (M1, 32)  V0046:d32  flat[V0047]:a64", 0x89, 19, "SEPbbbbwdbbbbbVRRRR", {0x00, 0x05, 0, 0}, 4},
    /* the last vector length code, 8, not transposed: `x64` (channel bit 3 alone would be `.w`) */
    {"lsc_load.ugm (M1, 16)  V0046:d32x64  flat[V0047]:a64", 0x89, 19, "SEPbbbbwdbbbbbVRRRR", {0x00, 0x04, 0, 0}, 4},
    {"(!P1.any) lsc_store.ugm.uc.wb (M1_NM, 1)  bti(0x4)[V0047.64+0x100]:a32  V0046.64:d16c32x4t", 0x89, 19,
     "SEPbbbbwdbbbbbVRRRR", {0x04, 0x80, 0xA001, 0}, 4},
    {"lsc_atomic_icas.slm (M1, 32)  %null:d32  ss(V0049(0,1))[V0047-0x20]:a16  V0052  %null", 0x89, 19,
     "SEPbbbbwdbbbbbVRRRR", {0x12, 0x05, 0, 3}, 4},
    /* a store in GenX_IR's grammar (its printer leaves the operands out) */
    {"lsc_ccs_update.ugm (M1, 16)  flat[V0047]:a64  V0046:d32", 0x89, 19, "SEPbbbbwdbbbbbVRRRR", {0x1d, 0x04, 0, 0}, 4},
    {"lsc_load_quad.ugml (M1, 16)  V0046:d32.xzw  arg[V0047]:a64", 0x89, 19, "SEPbbbbwdbbbbbVRRRR", {0x02, 0x04, 0, 1},
     4},
    {"lsc_fence.ugm.evict.gpu", 0x8b, 5, "EPbbb", {0x80, 0, 0, 1}, 4},
    /* typed LSC (.tgm, opcode 0x8a) in the form GenX_IR 12504's grammar reads: its -dumpcommonisa of
     * our .isa equals its dump of its own parse of these lines (its printer writes the missing
     * coordinates as %null and drops their offsets, so its lines are not these) */
    {"lsc_load_quad.tgm (M1, 16)  V0049:d32.xyzw  bti(0x4)[V0046]:a32", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR", {0x02, 0x04, 0, 0}, 4},
    {"(P1) lsc_store_quad.tgm.uc.ca (M5, 8)  ss(V0052(0,1))[V0046.32, V0047, V0052, V0046]:a64  V0049:d16.y", 0x8a, 19,
     "SEPbbbbbbbbVRRRRRRR", {0x06, 0x43, 1, 1}, 4},
    {"lsc_atomic_icas.tgm (M1, 16)  V0049:d32x2t  bti(0x5)[V0046]:a16  V0047  V0049.32", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR",
     {0x12, 0x04, 0, 0}, 4},
    {"(!P1) lsc_read_state_info.tgm  V0049.64  ss(V0052)", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR", {0x1e, 0x80, 0x8001, 0}, 4},
    /* one value for the length and the mask: channels on an atomic (9 = xw) and a length on a
     * transposed quad, both read by GenX_IR's lexer */
    {"lsc_atomic_iadd.tgm (M1, 16)  V0049:d32.xw  bti(0x5)[V0046, V0047]:a32  V0047  %null", 0x8a, 19,
     "SEPbbbbbbbbVRRRRRRR", {0x0c, 0x04, 0, 0}, 4},
    {"lsc_load_quad.tgm (M1, 16)  V0049:d32x4t  bti(0x2)[V0046]:a32", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR", {0x02, 0x04, 0, 0}, 4},
    /* our spellings: GenX_IR reads these names but refuses them for .tgm (docs/visa-text.md) */
    {"lsc_load_status.tgm (M1, 16)  V0049:d32  bss(V0052)[V0046, V0047]:a32", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR",
     {0x1b, 0x04, 0, 0}, 4},
    {"lsc_store_uncompressed.tgm (M1, 16)  bti(0x3)[V0046]:a32  V0049:d32x4", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR",
     {0x1c, 0x04, 0, 0}, 4},
    {"lsc_ccs_update.tgm (M1, 16)  ss(V0052)[V0046]:a64  V0049:d16", 0x8a, 19, "SEPbbbbbbbbVRRRRRRR", {0x1d, 0x04, 0, 0}, 4},
    /* rt_write_3d: GenX_IR 12504's -dumpcommonisa of our .isa prints these lines (and of its own
     * parse of them, but for <SI>: its builder reads the sample index and drops it, bit and operand) */
    {"rt_write_3d (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", 0x71, 9, "EPwbRRRRR", {0x04, 0, 0, 6}, 4},
    {"(P1) rt_write_3d.<LRTW> (M1, 8) T6 %null.0 V0047.0 V0047.32 V0049.0 V0049.32", 0x71, 9, "EPwbRRRRR",
     {0x03, 1, 0x80, 6}, 4},
    {"rt_write_3d.<RTI><A><O><Z><ST><LRTW><CPS><PS><CM><SI><NULLRT> (M5, 16) T6 V0046.0 V0050(0,0)<0;1,0> 0x3:uw "
     "V0050(0,1)<0;1,0> V0046.64 V0046.32 V0047.0 V0047.64 V0049.0 V0049.64 V0046.0 V0050.0",
     0x71, 16, "EPwbRVVVRRRRRRRR", {0x44, 0, 0x1ffc, 6}, 4},
    {"rt_write_3d.<RTI><Z> (M1, 16) T6 V0046.0 0x1:ud V0047.0 V0047.64 V0049.0 V0049.64 V0046.32", 0x71, 11,
     "EPwbRVRRRRR", {0x04, 0, 0x24, 6}, 4},
    /* 2D block load and store (IGC 12504's form: tests/data/real/visa-ocloc block2d-pvc-*) */
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.2x16x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", 0x89, 20,
     "SEPbbbbbbwwbRVVVVVVR", {0x03, 0x04, 0, 0}, 4},
    /* dpas and dpasw (GenX_IR's -dumpcommonisa of our .isa prints these lines) */
    {"dpas.u8.s4.8.8 (M1, 16) V0046.0 V0047.0 %null.0 V0049(1,2)", 0x83, 6, "ERRRVd", {0x04, 0x08080607u, 0, 0}, 2},
    {"dpas.tf32.tf32.2.1 (M5_NM, 16) V0046.32 V0047.0 V0052.64 V0049(0,0)", 0x83, 6, "ERRRVd", {0xC4, 0x01020C0Cu, 0, 0}, 2},
    {"dpasw.bf.hf.4.3 (M1, 16) V0046.0 V0047.0 V0052.0 V0054(0,1)", 0x1c, 6, "ERRRVd", {0x04, 0x03040A09u, 0, 0}, 2},
    /* strided load and store (GenX_IR's -dumpcommonisa of our .isa prints these lines) */
    {"lsc_load_strided.ugm (M1, 16)  V0046:d32x4  flat[V0047, 0x10]:a64", 0x89, 19, "SEPbbbbwdbbbbbVRRVR",
     {0x01, 0x04, 0, 0}, 4},
    {"lsc_store_strided.ugml (M5, 16)  ss(V0049)[V0047+0x40, V0052(0,1)]:a32  V0046.32:d16x3", 0x89, 19,
     "SEPbbbbwdbbbbbVRRVR", {0x05, 0x44, 0, 1}, 4},
    {"(P1) lsc_store_block2d.slm.uc.wb (M1_NM, 1)  flat[V0047(0,1), 0x3F, 0x1F, 0xFFFFFFFF, V0049(2,3), 0x0]  V0046.64:d32.8x16tt",
     0x89, 20, "SEPbbbbbbwwbRVVVVVVR", {0x07, 0x80, 1, 3}, 4},
    /* setp, addr_add, dword_atomic, svm_atomic widths, oword loads and stores (IGC 12504 for
     * skl..pvc: tests/data/real/visa-ocloc atomics-*, memory-*, subgroups-*; GenX_IR's
     * -dumpcommonisa of our .isa prints these lines) */
    {"setp (M1_NM, 16) P1 V0046(0,0)<0;1,0>", 0x2b, 3, "EVV", {0x84}, 1},
    {"setp (M1_NM, 32) P2 0xffff:uw", 0x2b, 3, "EVV", {0x85}, 1},
    {"addr_add (M1_NM, 1) A0(0)<1> &V0046[8] V0050(0,0)<0;1,0>", 0x28, 4, "EVVV", {0x80}, 1},
    {"addr_add (M5, 16) A0(0)<1> &V0050 V0047(0,16)<1;1,0>", 0x28, 4, "EVVV", {0x44}, 1},
    {"addr_add (M1, 16) A0(0)<1> A0(0)<1> 0x4:uw", 0x28, 4, "EVVV", {0x04}, 1},
    {"addr_add (M1_NM, 1) A0(0)<1> &T6 0x0:uw", 0x28, 4, "EVVV", {0x80}, 1},
    {"(P1) dword_atomic.add (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", 0x7d, 8, "bEPbRRRR", {0, 0x04, 1, 6}, 4},
    {"dword_atomic.cmpxchg.16 (M5, 16) T6 V0046.0 V0049.0 V0052.0 V0054.0", 0x7d, 8, "bEPbRRRR", {0x27, 0x44, 0, 6}, 4},
    {"dword_atomic.inc (M1, 16) %slm V0046.0 %null.0 %null.0 %null.0", 0x7d, 8, "bEPbRRRR", {2, 0x04, 0, 0}, 4},
    {"svm_atomic.add.64 (M1, 8) V0046.0 %null.0 V0049.0 %null.0", 0x4e, 8, "SEPbRRRR", {5, 0x03, 0, 0x40}, 4},
    {"svm_atomic.xchg.16 (M1, 8) V0046.0 V0047.0 V0049.0 %null.0", 0x4e, 8, "SEPbRRRR", {5, 0x03, 0, 0x26}, 4},
    {"oword_ld_unaligned (4) T6 V0050(0,0)<0;1,0> V0046.0", 0x3c, 5, "bbbVR", {2, 0, 6}, 3},
    {"oword_ld.mod (2) T6 0x10:ud V0046.0", 0x35, 5, "bbbVR", {1, 1, 6}, 3},
    {"oword_st (16) T6 V0050(0,0)<0;1,0> V0046.0", 0x36, 4, "bbVR", {4, 6}, 2},
    /* first-generation gather and scatter (GenX_IR 12504's -dumpcommonisa of the .isa we write; the
     * parser also reads gather's `.mod` after the exec size, which it prints without) */
    {"gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", 0x39, 7, "bbbbVRR", {2, 0, 0x01, 6}, 4},
    {"scatter.1 (M1_NM, 8) T6 0x10:ud V0046.0 V0047.0", 0x3a, 6, "bbbVRR", {0, 0x80, 6}, 3},
    /* media block I/O and SVM block I/O (subgroup block reads and writes: blocks-*; GenX_IR
     * 12504 assembled these lines to the fields below and prints them back) */
    {"media_ld.nomod (32,1) T6 0 V0047(0,0)<0;1,0> V0049(0,0)<0;1,0> V0046.0", 0x37, 8, "bbbbbVVR", {0, 6, 0, 32}, 4},
    {"media_ld.top (16,2) T6 3 V0047(0,0)<0;1,0> V0047(0,1)<0;1,0> V0046.0", 0x37, 8, "bbbbbVVR", {2, 6, 3, 16}, 4},
    {"media_st.bottom (8,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", 0x38, 8, "bbbbbVVR", {3, 6, 0, 8}, 4},
    {"svm_block_ld (4) V0050(0,0)<0;1,0> V0046.0", 0x4e, 4, "SbVR", {1, 2}, 2},
    {"svm_block_st (1) V0050(0,0)<0;1,0> V0046.0", 0x4e, 4, "SbVR", {2, 0}, 2},
    /* stateless gathers (kernels built with -cl-intel-greater-than-4GB-buffer-required) */
    {"svm_gather4scaled.RGB (M1, 16) 0x0:ud V0046.0 V0047.0", 0x4e, 8, "SEPbwVRR", {6, 0x04, 0, 7}, 4},
    {"(!P1) svm_scatter4scaled.RGBA (M1_NM, 8) 0x10:ud V0046.0 V0047.0", 0x4e, 8, "SEPbwVRR", {7, 0x83, 0x8001, 15}, 4},
};

/* Spellings GenX_IR 12504's parser reads that its printer writes otherwise: [0] reads as the same
 * instruction as [1], the printed form. Used by `read_forms` (check_isa_lines.c) and by
 * tests/test_visa_send_text.c; each line is parsed alone after SF_VISA_KNOWN_HDR. */
static const char *const SF_VISA_KNOWN_FORMS[][2] = {
    {"raw_sends.3.eot.2.0.0 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 %null.0 %null.0",
     "raw_sends_eot.3.2.0.0 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 %null.0 %null.0"},
    {"raw_sendsc.0.2.1.1 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0",
     "raw_sendsc.2.1.1 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0"},
    {"raw_sendsc.0.eot.2.1.1 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0",
     "raw_sendsc_eot.2.1.1 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0"},
    {"gather.4 (M1, 16).mod T6 0x0:ud V0046.0 V0047.0", "gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0"},
    {"sample.GA S0 T6 V0046.0 V0047.0 V0046.0 V0047.0", "sample.GA (8) S0 T6 V0046.0 V0047.0 V0046.0 V0047.0"},
    {"load.GA (32) T6 V0046.0 V0047.0 V0046.0 V0047.0", "load.GA (8) T6 V0046.0 V0047.0 V0046.0 V0047.0"},
};

/* Spellings only GenX_IR 12504's parsers take, each read as they read them (GenX_IR's dump of its
 * parse prints the fields of [1], which is exactly what our printer writes for them): a surface's
 * .col, u<size>, a length on a quad, channels on a plain load (`.w` is the length code 8, `x64`)
 * or on a strided load (which then gets the default pitch, 4 x 3 bytes), rt_write_3d's options found by substring as GenX_IR's builder finds them (any
 * order, repeated, unknown names ignored, CM anywhere). Used by `read_forms` and by
 * tests/test_visa_gen_text.c. */
static const char *const SF_VISA_KNOWN_PRINTED[][2] = {
    {"lsc_load.ugm (M1, 16)  V0046:d32  bss(V0052.1)[V0047]:a32", "lsc_load.ugm (M1, 16)  V0046:d32  bss(V0052(0,1))[V0047]:a32"},
    {"lsc_load_quad.tgm (M1, 16)  V0049:u32.xyzw  bss(V0052.1)[V0046.0]:a32",
     "lsc_load_quad.tgm (M1, 16)  V0049:d32.xyzw  bss(V0052(0,1))[V0046]:a32"},
    {"lsc_load_quad.ugm (M1, 16)  V0049:d32x2  flat[V0046]:a32", "lsc_load_quad.ugm (M1, 16)  V0049:d32.y  flat[V0046]:a32"},
    {"lsc_load.ugm (M1, 16)  V0046:d32.w  flat[V0047]:a64", "lsc_load.ugm (M1, 16)  V0046:d32x64  flat[V0047]:a64"},
    {"lsc_load_strided.ugm (M1, 16)  V0046:d32.xy  flat[V0047]:a64",
     "lsc_load_strided.ugm (M1, 16)  V0046:d32x3  flat[V0047, 0xC]:a64"},
    {"rt_write_3d.<Z><RTI> (M1, 16) T6 V0046.0 0x1:ud V0047.0 V0047.64 V0049.0 V0049.64 V0046.32",
     "rt_write_3d.<RTI><Z> (M1, 16) T6 V0046.0 0x1:ud V0047.0 V0047.64 V0049.0 V0049.64 V0046.32"},
    {"rt_write_3d.<LRTW><FOO><LRTW> (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64",
     "rt_write_3d.<LRTW> (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64"},
    {"rt_write_3d.<XCMY> (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64",
     "rt_write_3d.<CM> (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64"},
};

/* Lines that must be refused, each with its code, at a position on its own line: faults in LSC,
 * dpas, rt_write_3d, addr_add, oword, atomic, media and SVM block lines (most refused by GenX_IR
 * 12504 too), then in the send-like, VME, legacy data-port and sampler lines of visa_send_text.c and
 * visa_legacy_text.c, each with the word its message must hold. Used by `known_refusals` (check_isa_lines.c) and tests/test_visa_gen_refusals.c;
 * each line is parsed alone after SF_VISA_KNOWN_HDR. */
typedef struct sf_visa_known_refusal {
  const char *line;
  sf_code code;
  const char *word; /* what the refusal's message names (NULL: not checked) */
} sf_visa_known_refusal;

static const sf_visa_known_refusal SF_VISA_KNOWN_REFUSED[] = {
    {"lsc_load (M1, 32)  V0046:d32  flat[V0047]:a64", SF_ERR_SYNTAX, NULL},              /* no sfid */
    {"lsc_load.ugm.zz (M1, 32)  V0046:d32  flat[V0047]:a64", SF_ERR_SYNTAX, NULL},       /* unknown cache option */
    {"lsc_load.ugm (M1, 32)  V0046:d33  flat[V0047]:a64", SF_ERR_SYNTAX, NULL},          /* unknown data size */
    {"lsc_load.ugm (M1, 32)  V0046:d32x5  flat[V0047]:a64", SF_ERR_RANGE, NULL},         /* vector length 5 */
    {"lsc_load.ugm (M1, 32)  V0046:d32  flat[V0047]:a48", SF_ERR_SYNTAX, NULL},          /* address size */
    {"lsc_load.ugm (M1, 32)  V0046:d32  mesh[V0047]:a64", SF_ERR_SYNTAX, NULL},          /* address model */
    {"lsc_load_quad.ugm (M1, 32)  V0046:d32.yx  flat[V0047]:a32", SF_ERR_SYNTAX, NULL},  /* channel order */
    {"lsc_load.ugm (M1, 32)  V0046:d32  flat[V0047+0x80000000]:a64", SF_ERR_RANGE, NULL}, /* offset past int32 */
    {"(P1) lsc_fence.ugm.evict.gpu", SF_ERR_SYNTAX, NULL},                               /* fence with a predicate */
    {"lsc_fence.ugm.evict", SF_ERR_SYNTAX, NULL},                                        /* no scope */
    {"lsc_atomic_iadd.ugm (M1, 32)  V0046:d32  flat[V0047]:a64  V0049", SF_ERR_SYNTAX, NULL}, /* one source missing */
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.0x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, NULL},
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, NULL},
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.256x16x8  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_RANGE, NULL},
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nnn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, NULL},
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8  flat[0x40, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, NULL},
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8  bti[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, NULL},
    {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8  flat[V0047, V0049, V0052, V0049, V0054]", SF_ERR_SYNTAX, NULL},
    {"lsc_store_block2d.ugm (M1, 16)  V0046:d16.16x8  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, NULL},
    {"lsc_load_strided.ugm (M1, 16)  V0046:d32  flat[V0047, %null]:a64", SF_ERR_SYNTAX, NULL},  /* a %null pitch */
    {"dpas.u8.u8.3.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, NULL},         /* depth 3 */
    {"dpas.u8.u8.8.9 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, NULL},         /* count 9 */
    {"dpas.u3.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, NULL},         /* no u3 */
    {"dpas.bf.tf32.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, NULL},       /* tf32 only in pairs */
    {"dpasw.tf32.tf32.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, NULL},    /* not for dpasw */
    {"dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)<1;1,0>", SF_ERR_SYNTAX, NULL},  /* no region */
    {"(P1) dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, NULL},    /* no predicate */
    {"lsc_load_strided.ugm (M1, 16)  V0046:d32  flat[V0047, 0x4, 0x4]:a64", SF_ERR_SYNTAX, NULL},
    {"lsc_load_strided.ugm (M1, 16)  V0046:d32.xw  flat[V0047]:a64", SF_ERR_SYNTAX, NULL}, /* channels 9: no default pitch */
    /* the typed forms (GenX_IR 12504 refuses each of these too) */
    {"lsc_load.tgm (M1, 16)  V0046:d32  bti(0x4)[V0047]:a32", SF_ERR_SYNTAX, NULL},            /* no typed lsc_load */
    {"lsc_load_quad.tgm (M1, 16)  V0046:d32.x  bti(0x4)[V0047, %null]:a32", SF_ERR_SYNTAX, NULL}, /* a %null coordinate */
    {"lsc_load_quad.tgm (M1, 16)  V0046:d32.x  flat[V0047]:a32", SF_ERR_SYNTAX, NULL},           /* typed: bss, ss, bti */
    {"lsc_load_quad.tgm (M1, 16)  V0046:d32.x  bti(0x4)[V0047,V0047,V0047,V0047,V0047]:a32", SF_ERR_SYNTAX, NULL},
    {"lsc_read_state_info.ugm  V0046  bti(0x4)", SF_ERR_SYNTAX, NULL},       /* only .tgm */
    {"lsc_read_state_info.tgm.uc.uc  V0046  bti(0x4)", SF_ERR_SYNTAX, NULL}, /* no cache options */
    {"lsc_read_state_info.tgm (M1, 1) V0046  bti(0x4)", SF_ERR_SYNTAX, NULL}, /* no exec size */
    /* rt_write_3d: an operand the mode does not select (GenX_IR ignores it), one missing, a raw
     * operand where the render-target index (a vector) stands and the reverse, a bad option */
    {"rt_write_3d (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64 V0046.0", SF_ERR_SYNTAX, NULL},
    {"rt_write_3d (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0", SF_ERR_SYNTAX, NULL},
    {"rt_write_3d.<RTI> (M1, 16) T6 V0046.0 V0047.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX, NULL},
    {"rt_write_3d (M1, 16) T6 V0046.0 V0050(0,0)<0;1,0> V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX, NULL},
    {"rt_write_3d.lrtw (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX, NULL},
    {"rt_write_3d.<LRTW (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX, NULL},
    {"rt_write_3d.<> (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX, "an option is '<', letters and '>'"},
    {"rt_write_3d.<LRTW><> (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX, "an option is"},
    {"addr_add (M1_NM, 1) A0(0)<1> &V0046[64] 0x0:uw", SF_UNSUPPORTED, NULL},  /* the row needs the GRF size */
    {"addr_add (M1_NM, 1) A0(0)<1> &V0046[6] 0x0:uw", SF_ERR_RANGE, NULL},     /* not a multiple of 4 */
    {"addr_add (M1_NM, 1) A0(0)<1> &%r0[4] 0x0:uw", SF_UNSUPPORTED, NULL},     /* predefined: no element size */
    {"addr_add (M1_NM, 1) A0(0)<1> &nosuch 0x0:uw", SF_ERR_UNDECLARED, NULL},
    {"addr_add (M1_NM, 1) A0(0)<1> &T65536 0x0:uw", SF_ERR_RANGE, "16 bits"},  /* a state index past the operand */
    {"(P1) addr_add (M1_NM, 1) A0(0)<1> &V0046 0x0:uw", SF_ERR_SYNTAX, NULL},  /* no predicate */
    {"oword_ld (3) T6 0x10:ud V0046.0", SF_ERR_RANGE, NULL},
    {"oword_ld (32) T6 0x10:ud V0046.0", SF_ERR_RANGE, NULL},
    {"oword_st.mod (2) T6 0x10:ud V0046.0", SF_ERR_SYNTAX, NULL},
    {"dword_atomic.add.64 (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", SF_ERR_SYNTAX, NULL}, /* .64: svm_atomic only */
    {"dword_atomic.nosuch (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", SF_ERR_SYNTAX, NULL},
    {"media_st.modified (8,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_SYNTAX, NULL}, /* no mode 1 for a store */
    {"media_ld.sideways (8,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_SYNTAX, NULL},
    {"media_ld.nomod (8,4) T6 16 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE, NULL},  /* plane past 15 */
    {"media_ld.nomod (256,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE, NULL}, /* width past a byte */
    {"svm_block_ld.unaligned (4) V0050(0,0)<0;1,0> V0046.0", SF_ERR_SYNTAX, NULL},        /* a later IGC's suffix */
    {"svm_block_ld (5) V0050(0,0)<0;1,0> V0046.0", SF_ERR_RANGE, NULL},
    {"svm_gather4scaled.GR (M1, 16) 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, NULL},  /* channel order */
    {"svm_gather4scaled (M1, 16) 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, NULL},     /* no channels */    /* send-like, VME, legacy data-port and sampler lines: a suffix, a count past its field, an operand
     * of the wrong kind, a predicate where none is read */

    {"raw_sends.1.2.3 (M1, 16) 0x4c:ud 0x0:ud V0046.0 V0049.0 V0047.0", SF_ERR_SYNTAX, "ffid"},
    {"raw_sends.1.2.3.4.5 (M1, 16) 0x4c:ud 0x0:ud V0046.0 V0049.0 V0047.0", SF_ERR_SYNTAX, "number"},
    {"raw_sends.1.2.256.4 (M1, 16) 0x4c:ud 0x0:ud V0046.0 V0049.0 V0047.0", SF_ERR_SYNTAX, "0-255"},
    {"raw_sends.eot.1.2.3.4 (M1, 16) 0x4c:ud 0x0:ud V0046.0 V0049.0 V0047.0", SF_ERR_SYNTAX, "ffid"},
    {"raw_sends_eot.1.eot.2.3.4 (M1, 16) 0x4c:ud 0x0:ud V0046.0 V0049.0 V0047.0", SF_ERR_SYNTAX, "number"},
    {"raw_send (M1, 16) 10 2 1 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, "0x"},
    {"raw_send (M1, 16) 0x100000000 2 1 0x0:ud V0046.0 V0047.0", SF_ERR_RANGE, "32 bits"},
    {"qw_gather.3 (M1, 8) T6 V0046.0 V0047.0", SF_ERR_SYNTAX, ".8"},
    {"lifetime.begin V0046", SF_ERR_SYNTAX, ".start"},
    {"lifetime.start T6", SF_ERR_UNDECLARED, "variable"},
    {"sbarrier", SF_ERR_SYNTAX, ".signal"},
    {"(P1) wait 0x1:uw", SF_ERR_SYNTAX, "predicate"},
    {"(P1) fcvt (M1, 16) V0057(0,0)<1> V0055(0,0)<1;1,0>", SF_ERR_SYNTAX, "predicate"},
    {"fcvt.foo (M1, 16) V0057(0,0)<1> V0055(0,0)<1;1,0>", SF_ERR_SYNTAX, ".sat"},
    {"urb_write_3d (M1, 8) 256 16 V0046.0 V0047.0 V0046.0 V0049.0", SF_ERR_RANGE, "outputs"},
    {"urb_write_3d (M1, 8) 3 65536 V0046.0 V0047.0 V0046.0 V0049.0", SF_ERR_RANGE, "global offset"},
    {"urb_write_3d.x (M1, 8) 3 16 V0046.0 V0047.0 V0046.0 V0049.0", SF_ERR_SYNTAX, "suffix"},
    {"gather.3 (M1, 16) T6 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, ".4"},
    {"vme_ime(256,0) T6 V0046.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", SF_ERR_RANGE, "stream mode"},
    {"vme_ime(0) T6 V0046.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", SF_ERR_SYNTAX, "','"},
    {"vme_ime T6 V0046.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", SF_ERR_SYNTAX, "'('"},
    {"vme_sic.x T6 V0046.0 V0047.0 V0049.0", SF_ERR_SYNTAX, "suffix"},
    {"vme_fbr ( 0x0:ub, 0x1:ub) T6 V0046.0 V0047.0 V0049.0", SF_ERR_SYNTAX, "','"},
    {"vme_sic T6 V0046.0 V0047.0", SF_ERR_SYNTAX, "output"},
    {"gather.4 (M1, 4) T6 0x0:ud V0046.0 V0047.0", SF_ERR_RANGE, "1, 8 or 16"},
    {"(P1) scatter.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, "predicate"},
    {"sample.RGBA (12) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", SF_ERR_RANGE, "8, 16 or 32"},
    {"sample.ch0 (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", SF_ERR_SYNTAX, "channels"},
    {"sample (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", SF_ERR_SYNTAX, "channels"},
    {"sample.AR (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", SF_ERR_SYNTAX, "order"},
    {"sample.R (8) T6 V0046.0 V0047.0 %null.0 V0047.0", SF_ERR_UNDECLARED, "surface"},
    {"load.R (8) T6 V0046.0 V0047.0 %null.0", SF_ERR_SYNTAX, "destination"},
};

/* The 3D_SAMPLE sub-op names of the text, by value: IGC's vISA documentation's op table
 * (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md), then the names IGC
 * 1.0.12504 prints for sub-ops outside that table (docs/visa-text.md), then our spelling for sub-ops
 * neither names. Each is a mnemonic's prefix up to its '.'. Used by `s3d_names` (check_isa_lines.c)
 * and tests/test_visa_text_lines.c. */
typedef struct sf_visa_known_s3d_name {
  uint8_t op;
  const char *prefix;
} sf_visa_known_s3d_name;

static const sf_visa_known_s3d_name SF_VISA_KNOWN_S3D_NAMES[] = {
    {0, "sample_3d."},       {1, "sample_b."},         {2, "sample_l."},        {3, "sample_c."},
    {4, "sample_d."},        {5, "sample_b_c."},       {6, "sample_l_c."},      {9, "lod."},
    {0x14, "sample_d_c."},   {0x18, "sample_lz."},     {0x19, "sample_c_lz."},  {0x20, "sample_po."},
    {0x21, "sample_po_b."},  {0x22, "sample_po_l."},   {0x23, "sample_po_c."},  {0x24, "sample_po_d."},
    {0x26, "sample_po_l_c."},
    {7, "load_3d."},         {8, "sample4."},          {10, "resinfo."},        {11, "sampleinfo."},
    {12, "sample+killpix."}, {16, "sample4_c."},       {17, "sample4_po."},     {18, "sample4_po_c."},
    {0x1a, "load_lz."},      {0x1c, "load_2dms_w."},   {0x1d, "load_mcs."},
    {0x0d, "sampler_op_0x0d."}, {0x1b, "sampler_op_0x1b."}, {0x1e, "sampler_op_0x1e."}, {0xff, "sampler_op_0xff."},
    {0x2a, "sampler_op_0x2a."}, {0xc0, "sampler_op_0xc0."}};

#endif
