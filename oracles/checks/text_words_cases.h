/* oracles/checks/text_words_cases.h — the fixed faulty lines of `refusal_words`
 * (check_text_words.c, its only user): each with the reader family it goes to, the code, the
 * column and the words the refusal must carry. The rules the rows follow are in check_text_words.c's
 * head comment and docs/oracles.md, "Refusal words". */
#ifndef SF_ORACLES_CHECKS_TEXT_WORDS_CASES_H
#define SF_ORACLES_CHECKS_TEXT_WORDS_CASES_H

#include <stdint.h>

#include "oracles/checks/visa_known_lines.h"
#include "samplefuzz/status.h"

/* TW_D3D_PROGRAM: a line after `ps_5_0`; TW_D3D_WHOLE: a whole program text as it is; TW_DXBC_TEXT: a line of a
 * container text after its `.dxbc` (docs/dxbc.md §10); TW_DXBC_WHOLE: a whole container text as it is */
enum { TW_VISA_FILE, TW_VISA_KNOWN, TW_VISA_WHOLE, TW_VISA_LINE, TW_D3D_LINE, TW_D3D_PROGRAM, TW_D3D_WHOLE, TW_DXBC_TEXT,
       TW_DXBC_WHOLE };

#define TW_HDR ".version 4.1\n.kernel \"k\"\n.decl V40 v_type=G type=ud num_elts=64 align=GRF\n"
#define TW_LINE_MAX 4096u /* the vISA readers' longest line (docs/visa-text.md) */
#define TW_ALPHA "abcdefghijklmnopqrstuvwxyz"
#define TW_LONG TW_ALPHA TW_ALPHA /* 52 letters: past every quote width */
/* 240 bytes of an attribute value, as #hex digits and as a string's characters */
#define TW_HEX16 "00112233445566778899aabbccddeeff"
#define TW_HEX80 TW_HEX16 TW_HEX16 TW_HEX16 TW_HEX16 TW_HEX16
#define TW_S16 "abcdefghijklmnop"
#define TW_S80 TW_S16 TW_S16 TW_S16 TW_S16 TW_S16
/* a float immediate of 400 characters, the D3D lexer's longest ("1." and 398 zeros) */
#define TW_Z10 "0000000000"
#define TW_Z100 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10
#define TW_IMM400 "1." TW_Z100 TW_Z100 TW_Z100 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 TW_Z10 "00000000"
#define TW_SIG ".isgn T 0 sv=none type=float r=1 "
/* a function table of 124 bodies: 127 DWORDs, the longest declaration (the length field's 7 bits) */
#define TW_FB4 "fb0, fb0, fb0, fb0, "
#define TW_FB20 TW_FB4 TW_FB4 TW_FB4 TW_FB4 TW_FB4
#define TW_FB124 TW_FB20 TW_FB20 TW_FB20 TW_FB20 TW_FB20 TW_FB20 "fb0, fb0, fb0, fb0"
/* an AVS line up to its output control (IGC's seven operands) */
#define TW_AVS "avs.R T6 S0 V0055(0,0)<0;1,0> V0055(0,0)<0;1,0> V0055(0,0)<0;1,0> V0055(0,0)<0;1,0> V0055(0,0)<0;1,0> " \
               "V0050(0,0)<0;1,0> V0050(0,0)<0;1,0> "

typedef struct tw_case {
  unsigned family;
  const char *line;
  sf_code code;
  uint32_t col;      /* on the line (after the header for TW_VISA_FILE) */
  const char *words; /* must appear in the message */
} tw_case;

static const tw_case tw_cases[] = {
    /* the quote widths, each with a word longer than it */
    {TW_VISA_FILE, ".decl V41 v_type=G type=ud num_elts=1 " TW_ALPHA "=1", SF_ERR_SYNTAX, 39,
     "attribute '" "abcdefghijklmnopqrst" "'"},
    {TW_VISA_FILE, "    " TW_ALPHA "0123 (M1, 1) V40(0,0)<1> V40(0,0)<0;1,0>", SF_ERR_SYNTAX, 5,
     "instruction '" "abcdefghijklmnopqrstuvwx" "'"},
    {TW_VISA_FILE, "    mov (M1, 1) V40(0,0)<1> V" TW_LONG "(0,0)<0;1,0>", SF_ERR_UNDECLARED, 29,
     "'V" "abcdefghijklmnopqrstuvwxyzabcdefghijklm" "' is not declared"},
    {TW_VISA_FILE, "    bfn.x123456789abcdef01234 (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> V40(0,0)<1;1,0> V40(0,0)<1;1,0>",
     SF_ERR_RANGE, 10, "0x123456789abcdef0 does not fit"},
    {TW_VISA_FILE, "    va." TW_LONG " T6 V40.0", SF_ERR_SYNTAX, 8,
     "'" "abcdefghijklmnopqrstuvwxyzabcdefghijklmn" "' is not a va operation"},
    {TW_D3D_LINE, "sample_" TW_LONG " r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 7,
     "suffix '_" "abcdefghijklmnopqrstuvwxyzabcdefghijklm" "'"},
    {TW_D3D_LINE, "sample_satx r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 11, "unknown mnemonic suffix"},
    {TW_D3D_LINE, "sample r0.xyzw, q" TW_LONG ".xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 17,
     "register 'q" "abcdefghijklmnopqrstuvwxyzabcdefghijklm" "'"},
    {TW_D3D_LINE, TW_LONG " r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_UNSUPPORTED, 1,
     "instruction '" "abcdefghijklmnopqrstuvwxyzabcdefghijklmn" "' is not supported"},
    {TW_VISA_FILE, "    va.bogus T6 V40.0", SF_ERR_SYNTAX, 8, "'bogus' is not a va operation"}, /* a short word: whole */
    /* a carriage return inside a quoted kernel name (one that ends the line is the line's end) */
    {TW_VISA_FILE, ".kernel \"a\rb\"", SF_ERR_SYNTAX, 11, "kernel name holds a carriage return"},
    /* what is wrong, named */
    /* an attribute value holds at most 255 bytes, written as #hex or as a string */
    {TW_VISA_FILE, ".kernel_attr Foo=#" TW_HEX80 TW_HEX80 TW_HEX80 "00112233445566778899aabbccddee", SF_OK, 0, NULL},
    {TW_VISA_FILE, ".kernel_attr Foo=#" TW_HEX80 TW_HEX80 TW_HEX80 TW_HEX16, SF_ERR_RANGE, 18, "attribute value longer than 255 bytes"},
    {TW_VISA_FILE, ".kernel_attr Foo=\"" TW_S80 TW_S80 TW_S80 "abcdefghijklmno\"", SF_OK, 0, NULL},
    {TW_VISA_FILE, ".kernel_attr Foo=\"" TW_S80 TW_S80 TW_S80 TW_S16 "\"", SF_ERR_RANGE, 18, "attribute value longer than 255 bytes"},
    {TW_VISA_FILE, ".decl V41 v_type=G type=#16 num_elts=1", SF_ERR_RANGE, 20, "one of the 16 vISA types"},
    {TW_VISA_FILE, ".decl V41 v_type=G type=#15 num_elts=1", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    gather.4 (M1, 4) T6 0x0:ud V40.0 V40.0", SF_ERR_RANGE, 14, "gather takes 1, 8 or 16 lanes"},
    {TW_VISA_FILE, "    gather.4 (M1, 8) T6 0x0:ud V40.0 V40.0", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    gather.4 (M1, 8).mod T6 0x0:ud V40.0 V40.0", SF_OK, 0, NULL}, /* GenX_IR reads the .mod */
    {TW_VISA_FILE, "    gather.4 (M1, 8).modx T6 0x0:ud V40.0 V40.0", SF_ERR_SYNTAX, 21, "expected a surface, found '.modx'"}, /* no .mod */
    /* a 3D_LOAD or 3D_INFO line whose raw operand lacks its offset: refused there, not read as 3D_SAMPLE's surface */
    {TW_VISA_FILE, "    load_lz.RGBA (M1, 16)  0x0:uw T6 V40. V40.0 V40.0", SF_ERR_SYNTAX, 42, "expected a byte offset after '.'"},
    {TW_VISA_FILE, "    resinfo.RGBA (M1, 16) T6 V40. V40.0", SF_ERR_SYNTAX, 34, "expected a byte offset after '.'"}, /* 3D_INFO's */
    {TW_VISA_FILE, "    load_lz.RGBA (M1, 16)  0x0:uw T6 V40.x V40.0 V40.0", SF_ERR_UNDECLARED, 38, "expected a surface"}, /* not name.digits: a surface */
    /* a name of other characters than an identifier's before the '.', or none, is not a raw operand either */
    {TW_VISA_FILE, "    load_lz.RGBA (M1, 16)  0x0:uw T6 V4(0.0 V40.0 V40.0", SF_ERR_UNDECLARED, 38, "expected a surface"},
    {TW_VISA_FILE, "    load_lz.RGBA (M1, 16)  0x0:uw T6 V4-0.0 V40.0 V40.0", SF_ERR_UNDECLARED, 38, "expected a surface"},
    {TW_VISA_FILE, "    load_lz.RGBA (M1, 16)  0x0:uw T6 .0 V40.0 V40.0", SF_ERR_SYNTAX, 38, "expected a surface, found '.0'"},
    {TW_VISA_FILE, "    load_lz.RGBA (M1, 16)  0x0:uw T6 -V4.0 V40.0 V40.0", SF_ERR_SYNTAX, 38, "expected a surface, found '-V4.0'"},
    {TW_VISA_FILE, "    lsc_load.ugm.ca.ca.ca.ca (M1, 16)  V40:d32  flat[V40]:a32", SF_ERR_SYNTAX, 26, "unexpected '.' after lsc_load"},
    {TW_D3D_LINE, "sample r0.xyzw, r1[0][1][2][3].xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 25, "more than 3 indices"},
    {TW_D3D_LINE, "sample r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dcl_resource_texture2dms(128) (float,float,float,float) t0", SF_ERR_RANGE, 26, "sample count 128 > 127"},
    {TW_D3D_PROGRAM, "dcl_resource_texture2dms(127) (float,float,float,float) t0", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.0, 2.0, 3.0, 4.0, 5.0 } }", SF_ERR_SYNTAX, 53, "at most 4 values"},
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.0, 2.0, 3.0, 4.0 } }", SF_OK, 0, NULL},
    {TW_VISA_WHOLE, "// a comment, and no .version", SF_ERR_SYNTAX, 1, "expected .version"},
    {TW_VISA_WHOLE, "  .kernel \"k\"", SF_ERR_SYNTAX, 3, "expected .version as the first statement"}, /* at the directive */
    /* a declaration or an instruction before any .kernel: refused on its own line (the second) */
    {TW_VISA_WHOLE, ".version 4.1\n.decl V41 v_type=G type=ud num_elts=1", SF_ERR_SYNTAX, 1, "expected .kernel or .global_function before .decl"},
    {TW_VISA_WHOLE, ".version 4.1\n    ret (M1, 1)", SF_ERR_SYNTAX, 5, "expected .kernel or .global_function before the first instruction"},
    /* a declaration's and an input's attributes: each needed one there, num_elts from 1; hex digits in pairs */
    {TW_VISA_FILE, ".decl V41 v_type=G type=ud num_elts=0", SF_ERR_RANGE, 37, "num_elts must be at least 1"},
    {TW_VISA_FILE, ".decl V41 type=ud num_elts=1", SF_ERR_SYNTAX, 10, "expected v_type=G, S, T, P or A"},
    {TW_VISA_FILE, ".input V40 offset=32", SF_ERR_SYNTAX, 21, "expected offset=<n> and size=<n> in .input"},
    {TW_VISA_FILE, ".input V40 size=4", SF_ERR_SYNTAX, 18, "expected offset=<n> and size=<n> in .input"},
    {TW_VISA_FILE, ".input V40 offset=32 size=4", SF_OK, 0, NULL},
    {TW_VISA_FILE, ".input V40 offset=32 size=4 size=8", SF_ERR_SYNTAX, 29, "repeated .input attribute 'size'"},
    {TW_VISA_FILE, ".kernel_attr Foo=#abc", SF_ERR_SYNTAX, 21, "expected an even number of hex digits"},
    /* '@' and '`' are 'A' and 'a' less one, the case bit (0x20) set or not: not hex digits */
    {TW_VISA_FILE, ".kernel_attr Foo=#a@", SF_ERR_SYNTAX, 19, "expected an even number of hex digits"},
    {TW_VISA_FILE, ".kernel_attr Foo=#F`", SF_ERR_SYNTAX, 19, "expected an even number of hex digits"},
    {TW_VISA_FILE, ".kernel_attr Foo=#aF", SF_OK, 0, NULL},

    {TW_VISA_WHOLE, "", SF_ERR_SYNTAX, 1, "expected .version"}, /* no line at all: still 1:1 */
    {TW_VISA_WHOLE, TW_HDR "    va.minmax T6 0x0:f 0x0:f VA_MAX_ENABLE", SF_ERR_SYNTAX, 43, "expected the destination, found end of line"}, /* ends at a mode word */
    {TW_VISA_FILE, ".version 4.1", SF_ERR_SYNTAX, 1, ".version may appear only once"}, /* a second one, in a kernel */
    {TW_VISA_FILE, "    lsc_load_quad.tgm (M1, 16)  V40:d32.xyzw  arg[V40]:a32", SF_ERR_SYNTAX, 47, "expected a typed address model"},
    {TW_VISA_FILE, "    lsc_load_quad.tgm (M1, 16)  V40:d32.xyzw  btiz(0x4)[V40]:a32", SF_ERR_SYNTAX, 47, "expected a typed address model"},
    {TW_VISA_FILE, "    lsc_load_quad.tgm (M1, 16)  V40:d32.xxz  bti(0x4)[V40]:a32", SF_ERR_SYNTAX, 42, "in that order, each once"},
    {TW_VISA_FILE, "    lsc_load_quad.tgm (M1, 16)  V40:d32.zy  bti(0x4)[V40]:a32", SF_ERR_SYNTAX, 42, "in that order, each once"},
    {TW_VISA_FILE, "    lsc_load_quad.tgm (M1, 16)  V40:d32.  bti(0x4)[V40]:a32", SF_ERR_SYNTAX, 41, "expected the channels (xyzw)"},
    {TW_VISA_FILE, "    lsc_load_quad.tgm (M1, 16)  V40:d32.xzw  bti(0x4)[V40]:a32", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    lsc_load_status.tgm (M1, 16)  V40:d32  bss(V40.256)[V40, V40]:a32", SF_ERR_RANGE, 48, "column 256 of the surface"},
    {TW_VISA_FILE, "    lsc_load_status.tgm (M1, 16)  V40:d32  bss(V40.255)[V40, V40]:a32", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    lsc_load_status.tgm (M1, 16)  V40:d32  bss(V40.1(0,1))[V40, V40]:a32", SF_ERR_SYNTAX, 53, "either .<col> or (row,col), not both"},
    {TW_VISA_FILE, "    lsc_load_block2d.ugm (M1, 16)  V40:d16.256x16x8nn  flat[V40, V40, V40, V40, V40, V40]", SF_ERR_RANGE, 44,
     "block count 256 (at most 255"},
    {TW_VISA_FILE, "    lsc_load_block2d.ugm (M1, 16)  V40:d16.255x16x8nn  flat[V40, V40, V40, V40, V40, V40]", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    lsc_load_block2d.ugm (M1, 16)  V40:d16.2x16x8nn  flat", SF_ERR_SYNTAX, 58, "expected '[' after flat"},
    /* a 2D block address operand's column (the base, and one of the coordinates) */
    {TW_VISA_FILE, "    lsc_load_block2d.ugm (M1, 16)  V40:d16.2x16x8nn  flat[V40.256, V40, V40, V40, V40, V40]", SF_ERR_RANGE, 59,
     "column 256 of"},
    {TW_VISA_FILE, "    lsc_load_block2d.ugm (M1, 16)  V40:d16.2x16x8nn  flat[V40, V40, V40, V40, V40.256, V40]", SF_ERR_RANGE, 79,
     "column 256 of"},
    {TW_VISA_FILE, "    lsc_load_block2d.ugm (M1, 16)  V40:d16.2x16x8nn  flat[V40.255, V40, V40, V40, V40.255, V40]", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    lsc_fence.ugm.none.bogus", SF_ERR_SYNTAX, 24, "expected lsc_fence.<sfid>.<op"}, /* op 0, scope wrong */
    /* a 3D_SAMPLE of 15 parameters reads, a 16th is refused at it (params[] holds 15) */
    {TW_VISA_LINE, "sample_3d.R (M1, 16) 0x0:uw S0 T6 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0", SF_OK, 0, NULL},
    {TW_VISA_LINE, "sample_3d.R (M1, 16) 0x0:uw S0 T6 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0 V32.0", SF_ERR_RANGE, 131,
     "3D_SAMPLE takes at most 15 parameters"},
    /* a mnemonic's suffix is read up to 64 characters: the line is refused past what was read, after
     * a suffix of 64 and at the 65th character of a longer one (the word is not read on) */
    {TW_VISA_LINE, "sample_unorm." TW_LONG "abcdefghijkl S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f V32.0", SF_ERR_SYNTAX, 78,
     "sample_unorm takes .<channels>.<format>"},
    {TW_VISA_LINE, "sample_unorm." TW_LONG "abcdefghijklm S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f V32.0", SF_ERR_SYNTAX, 78,
     "sample_unorm takes .<channels>.<format>"},
    {TW_VISA_LINE, "sample_unorm.RGBA.bogus S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f V32.0", SF_ERR_SYNTAX, 19,
     "expected an output format"},
    {TW_VISA_FILE, "    lsc_load_strided.tgm.ca (M1, 16)  V40:d32  flat[V40]:a32", SF_ERR_SYNTAX, 22, "has no typed form (.tgm)"},
    {TW_VISA_FILE, "    raw_send (M1, 16) 0xffffffff 2 1  0x2490000:ud V40.0 V40.0", SF_OK, 0, NULL}, /* 32 bits: all of them */
    {TW_D3D_LINE, "sample r0.xyzw, d(1.0, 2.0), t0.xyzw, s0", SF_UNSUPPORTED, 17, "64-bit immediates d(...)"},
    {TW_VISA_FILE, "    lsc_load.ugm.ca.ca.ca (M1, 16)  V40:d32  flat[V40]:a32", SF_ERR_SYNTAX, 24, "at most two cache options"},
    {TW_VISA_FILE, "    lsc_read_state_info.ugm (M1, 16)  V40:d32  flat[V40]:a32", SF_ERR_SYNTAX, 25, "reads only .tgm"},
    {TW_VISA_FILE, "    lsc_read_state_info.tgm.uc (M1, 16)  V40:d32  bti(0x4)", SF_ERR_SYNTAX, 29, "tgm takes no cache options"},
    {TW_D3D_PROGRAM, "  movv r0.x, r1.x", SF_ERR_SYNTAX, 3, "unknown instruction 'movv'"}, /* quoted from its column */
    {TW_VISA_FILE, ".decl %foo v_type=G type=ud num_elts=1", SF_ERR_SYNTAX, 7, "names starting with % are reserved"},
    {TW_VISA_FILE, "    resinfo (M1, 8) T6 V40.0 V40.0", SF_ERR_SYNTAX, 12, "expected .<channels> after resinfo"},
    {TW_VISA_FILE, "    sampleinfo (M1, 8) T6 V40.0", SF_ERR_SYNTAX, 15, "expected .<channels> after sampleinfo"},
    {TW_VISA_FILE, "    fence_global.EQ", SF_ERR_SYNTAX, 19, "expected .<options>"}, /* at the Q */
    {TW_VISA_FILE, "    fence_local.", SF_ERR_SYNTAX, 17, "expected .<options>"}, /* a '.' with no option after it */
    /* num_elts= on every kind of declaration, as GenX_IR 12504's grammar wants it */
    {TW_VISA_FILE, ".decl P5 v_type=P", SF_ERR_SYNTAX, 18, "expected num_elts=<n>"},
    {TW_VISA_FILE, ".decl A5 v_type=A", SF_ERR_SYNTAX, 18, "expected num_elts=<n>"},
    {TW_VISA_FILE, ".decl P5 v_type=P num_elts=1", SF_OK, 0, NULL},
    /* a label line with blanks before its ':' (GenX_IR's lexer skips them) */
    {TW_VISA_FILE, "L7 :", SF_OK, 0, NULL},
    {TW_VISA_FILE, " \t L7:", SF_OK, 0, NULL},
    {TW_VISA_FILE, "L7\t: // a comment", SF_OK, 0, NULL},
    {TW_VISA_FILE, "    lsc_fence.ugm", SF_ERR_SYNTAX, 18, "expected lsc_fence.<sfid>.<op"},  /* at the suffix's end */
    {TW_VISA_FILE, "    lsc_fence.ugm.bogus.gpu", SF_ERR_SYNTAX, 19, "expected lsc_fence.<sfid>.<op"},
    {TW_VISA_FILE, "    lsc_fence.ugm.evict.bogus", SF_ERR_SYNTAX, 25, "expected lsc_fence.<sfid>.<op"},
    /* the D3D text's bounded integers, each one past its range on both sides and at its edges */
    {TW_D3D_LINE, "sample_aoffimmi(8,0,0) r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_RANGE, 17, "offset 8 is outside [-8, 7]"},
    {TW_D3D_LINE, "sample_aoffimmi(-8,7,-9) r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_RANGE, 23, "offset -9 is outside [-8, 7]"},
    {TW_D3D_LINE, "sample_aoffimmi(-8,7,0) r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    {TW_D3D_LINE, "sample r0.xyzw, r1{minprec8}.xyzw, t0.xyzw, s0", SF_ERR_RANGE, 27, "min precision 8 is outside [0, 7]"},
    {TW_D3D_LINE, "sample r0.xyzw, r1.xyzw{minprec7}, t0.xyzw, s0", SF_OK, 0, NULL},
    /* an operand the text reads and a sample instruction cannot hold: refused at the statement */
    {TW_D3D_LINE, "sample r0.xyzw, rasterizer.xyzw, t0.xyzw, s0", SF_UNSUPPORTED, 1, "sample: source 0 (address): operand type 14 cannot"},
    {TW_D3D_PROGRAM, "dcl_input_control_point_count 64", SF_ERR_RANGE, 31, "control point count 64 is outside [0, 63]"},
    {TW_D3D_PROGRAM, "dcl_input_control_point_count 63", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dcl_inputprimitive patch33", SF_ERR_RANGE, 25, "control points 33 is outside [1, 32]"},
    {TW_D3D_PROGRAM, "dcl_inputprimitive patch0", SF_ERR_RANGE, 25, "control points 0 is outside [1, 32]"},
    {TW_D3D_PROGRAM, "dcl_inputprimitive patch32", SF_OK, 0, NULL},
    /* an immediate constant buffer's value: none, and one of 81 characters (80 read) */
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.0, , 3.0, 4.0 } }", SF_ERR_SYNTAX, 38, "expected a value"},
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.0000000000000000000000000000000000000000000000000000000000000000000000000000000, 2.0, 3.0, 4.0 } }", SF_ERR_SYNTAX, 33, "expected a value"},
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.000000000000000000000000000000000000000000000000000000000000000000000000000000, 2.0, 3.0, 4.0 } }", SF_OK, 0, NULL},
    /* a declaration's one float (dcl_hs_max_tessfactor): l() of exactly one component, unmodified */
    {TW_D3D_PROGRAM, "dcl_hs_max_tessfactor l(1.0, 2.0, 3.0, 4.0)", SF_ERR_SYNTAX, 23, "expected l(<float>)"},
    {TW_D3D_PROGRAM, "dcl_hs_max_tessfactor -l(1.0)", SF_ERR_SYNTAX, 23, "expected l(<float>)"},
    {TW_D3D_PROGRAM, "dcl_hs_max_tessfactor r0.x", SF_ERR_SYNTAX, 23, "expected l(<float>)"},
    {TW_D3D_PROGRAM, "dcl_hs_max_tessfactor l(64.000000)", SF_OK, 0, NULL},
    /* an immediate's hex digits: eight read, a ninth is refused at the 0x */
    {TW_D3D_PROGRAM, "mov r0.x, l(0x123456789)", SF_ERR_RANGE, 13, "hex immediate has more than 8 digits"},
    {TW_D3D_PROGRAM, "mov r0.x, l(0x12345678)", SF_OK, 0, NULL},
    /* an immediate constant buffer's value the l(...) reader refuses inside: refused where it stopped in the value */
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.0, 2.0, 3.0 4.0, 5.0 } }", SF_ERR_SYNTAX, 47, "bad value in the immediate constant buffer"},
    /* a value of 80 characters, the most a buffer's value holds, with blanks after it: the blanks are not the value's */
    {TW_D3D_PROGRAM, "dcl_immediateConstantBuffer { { 1.000000000000000000000000000000000000000000000000000000000000000000000000000000   , 2.0, 3.0, 4.0 } }", SF_OK, 0, NULL},
    /* the D3D text readers' refusal lines no printed text reaches (docs/oracles.md "The D3D text readers'
     * refusal lines"): each refused with its code, column and words, and the form beside it read */
    {TW_D3D_WHOLE, "// a comment and nothing else", SF_ERR_SYNTAX, 1, "no shader model line"},
    {TW_D3D_WHOLE, "xs_5_0", SF_ERR_SYNTAX, 1, "expected the shader model line"},
    {TW_D3D_WHOLE, "ps_5_x", SF_ERR_SYNTAX, 4, "expected <major>_<minor>"},
    {TW_D3D_WHOLE, "ps_5_0", SF_OK, 0, NULL},
    {TW_D3D_WHOLE, "ps_", SF_ERR_SYNTAX, 4, "expected <major>_<minor>"}, /* a type word alone is still the line's */
    {TW_D3D_WHOLE, " ps", SF_ERR_SYNTAX, 2, "expected the shader model line"}, /* ending the text after a blank: nothing read past it */
    {TW_D3D_PROGRAM, "  , r0.x", SF_ERR_SYNTAX, 3, "expected an instruction or a declaration"},
    {TW_D3D_PROGRAM, "mov r0.x, l(1.0.0)", SF_ERR_SYNTAX, 13, "bad float immediate '1.0.0'"},
    {TW_D3D_PROGRAM, "mov r0.x, l(" TW_IMM400 "0)", SF_ERR_LIMIT, 13, "immediate longer than 400 characters"},
    {TW_D3D_PROGRAM, "mov r0.x, l(" TW_IMM400 ")", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dmov r0.xy, d(1.0, 2.0, 3.0)", SF_ERR_SYNTAX, 25, "d(...) holds 1 or 2 values"},
    {TW_D3D_PROGRAM, "dmov r0.xy, d(1.0, 2.0)", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dcl_input_ps v0.x", SF_ERR_SYNTAX, 14, "expected an interpolation mode"},
    {TW_D3D_PROGRAM, ".tpf 0x123456789", SF_ERR_RANGE, 6, ".tpf: token with more than 8 hex digits"},
    {TW_D3D_PROGRAM, ".tpf 0x0100003e", SF_OK, 0, NULL},
    /* a .tpf line's tokens, with or without 0x, apart by spaces or commas; as many as the opcode
     * token's length field says (a customdata block's: its second token); a sample instruction's
     * tokens must decode */
    {TW_D3D_PROGRAM, ".tpf 02000068, 0x00000004", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, ".tpf 0x02000068,4", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, ".tpf 02000068", SF_ERR_INVALID, 5, ".tpf: 1 tokens but the length field says 2"},
    {TW_D3D_PROGRAM, ".tpf 00000035, 00000003, 0", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, ".tpf 00000035", SF_ERR_INVALID, 5, ".tpf: 1 tokens but the length field says 0"},
    {TW_D3D_PROGRAM, ".tpf 01000045", SF_ERR_INVALID, 5, ".tpf: sample: no destination operand (length 1) (DWORD 1)"},
    {TW_D3D_PROGRAM, "if r0.x", SF_ERR_SYNTAX, 3, "if needs _z or _nz"},
    {TW_D3D_PROGRAM, "ld_indexable r0.xyzw, r1.xyzw, t0.xyzw", SF_ERR_SYNTAX, 13, "_indexable needs a (dimension) or"},
    {TW_D3D_PROGRAM, "ld_indexable(texture2d) r0.xyzw, r1.xyzw, t0.xyzw", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "ld_indexable(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "ld_indexable(texture2d)x r0.xyzw, r1.xyzw, t0.xyzw", SF_ERR_SYNTAX, 24, "unexpected text after the mnemonic"},
    {TW_D3D_PROGRAM, "add [precise(xx)] r0.xy, r1.xyxx, r2.xyxx", SF_ERR_SYNTAX, 15, "repeated letter in precise mask"},
    {TW_D3D_PROGRAM, "add [precise(yx)] r0.xy, r1.xyxx, r2.xyxx", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "discard_nz [precise(x)] r0.x", SF_ERR_SYNTAX, 21, "discard has no destination to be precise"},
    /* D3DDisassemble's listing prefixes before a lone sample line (the line reader skips them once) */
    {TW_D3D_LINE, "0x0000A8: sample r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    {TW_D3D_LINE, "   12  0x000000A8: sample r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    {TW_D3D_LINE, "sample r0.xyzq, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 14, "component letters must be x, y, z, w"},
    {TW_D3D_LINE, "sample [precise(xx)] r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 18, "repeated letter in precise mask"},
    {TW_D3D_LINE, "sample [precise(yx)] r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    {TW_D3D_LINE, "sample_indexable(structured_buffer, stride=4096)(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0",
     SF_ERR_RANGE, 44, "stride 4096 does not fit 12 bits"},
    {TW_D3D_LINE, "sample_indexable(structured_buffer, stride=4095)(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    /* a return type by number: rt0 to rt15, the token's four bits */
    {TW_D3D_LINE, "sample_indexable(texture2d)(rt15,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_OK, 0, NULL},
    {TW_D3D_LINE, "sample_indexable(texture2d)(rt16,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 28,
     "unknown return type 'rt16'"},
    {TW_D3D_LINE, "sample_indexable(texture2d)(structured_buffer, stride=4)(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0",
     SF_ERR_SYNTAX, 28, "second dimension group"},
    {TW_DXBC_TEXT, TW_SIG "mask=nonex rw=none", SF_ERR_SYNTAX, 43, "unexpected character in mask"},
    {TW_DXBC_TEXT, TW_SIG "mask=x", SF_ERR_SYNTAX, 40, "missing field rw="},
    {TW_DXBC_TEXT, ".isgn T 0x sv=none type=float r=1 mask=x rw=none", SF_ERR_SYNTAX, 11, "expected hex digits for semantic index"},
    {TW_DXBC_TEXT, ".isgn T 0x0 sv=none type=float r=1 mask=x rw=none", SF_OK, 0, NULL},
    /* a word one letter off a signature's directive is no directive (the lookup's "none" is 0) */
    {TW_DXBC_TEXT, ".isgx", SF_ERR_SYNTAX, 1, "expected a container directive"},
    /* nor is a directive's word with a character that is neither a blank nor "//" run into it */
    {TW_DXBC_TEXT, ".isgn,", SF_ERR_SYNTAX, 1, "expected a container directive"},
    {TW_DXBC_WHOLE, "// a comment and nothing else", SF_ERR_SYNTAX, 1, "no .dxbc line"},
    {TW_DXBC_WHOLE, "", SF_ERR_SYNTAX, 1, "no .dxbc line"},
    {TW_D3D_WHOLE, "", SF_ERR_SYNTAX, 1, "no shader model line"},
    {TW_DXBC_WHOLE, ".dxbc unsigned x", SF_ERR_TRAILING, 16, "only `unsigned` may follow .dxbc"},
    {TW_DXBC_TEXT, ".program SHEX x", SF_ERR_TRAILING, 15, "the program text starts on the next line"},
    {TW_DXBC_TEXT, ".isgn/x", SF_ERR_SYNTAX, 6, "expected a space after .isgn"},
    {TW_DXBC_TEXT, ".isgn T", SF_ERR_SYNTAX, 8, "expected a space and the semantic index"},
    {TW_DXBC_TEXT, TW_SIG "mask= rw=none", SF_ERR_SYNTAX, 39, "expected mask (xyzw letters, none, or a number)"},
    {TW_D3D_PROGRAM, "mov r0.x, 5", SF_ERR_SYNTAX, 11, "expected a register or l(...)"},
    {TW_D3D_PROGRAM, "mov r0.x, l(0x)", SF_ERR_SYNTAX, 15, "expected hex digits after 0x"},
    {TW_D3D_PROGRAM, ".tpf", SF_ERR_SYNTAX, 5, ".tpf: no tokens"},
    {TW_D3D_PROGRAM, ".tpf g", SF_ERR_SYNTAX, 6, ".tpf: expected a hex token"},
    {TW_D3D_PROGRAM, "dmov r0.xy, d(0x)", SF_ERR_SYNTAX, 17, "expected hex digits after 0x"},
    {TW_D3D_PROGRAM, "dmov r0.xy, d()", SF_ERR_SYNTAX, 15, "expected a double value"},
    {TW_D3D_PROGRAM, "dmov r0.xy, d(" TW_IMM400 ")", SF_OK, 0, NULL}, /* 400 characters, the longest */
    {TW_D3D_PROGRAM, "dmov r0.xy, d(" TW_IMM400 "0)", SF_ERR_SYNTAX, 15, "expected a double value"},
    {TW_DXBC_TEXT, TW_SIG "mask=x rw=none foo=1", SF_ERR_SYNTAX, 49, "expected a field of a ISGN element (sv= type= r= mask= rw=)"},
    {TW_DXBC_TEXT, TW_SIG "mask=x,rw=none", SF_ERR_SYNTAX, 40, "expected a space between fields"},
    {TW_DXBC_TEXT, ".chunk SFI0, 00", SF_ERR_SYNTAX, 12, "expected a space after the FOURCC"},
    {TW_DXBC_TEXT, ".chunk SFI0 00", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "ld(texture2d) r0.xyzw, r1.xyzw, t0.xyzw", SF_ERR_SYNTAX, 14, "a (dim)/(types) group needs _indexable"},
    {TW_D3D_LINE, "sample_indexable(texture2d)x r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 28, "unexpected text after the mnemonic"},
    {TW_D3D_LINE, "sample_indexable(texture2d)(structured_buffer, stride=4096)(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0",
     SF_ERR_SYNTAX, 28, "second dimension group"}, /* the group's refusal comes before its stride's */
    {TW_D3D_PROGRAM, "dcl_function_table ft0 = {" TW_FB124 ", fb0}", SF_ERR_LIMIT, 651, "declaration of 128 DWORDs"},
    {TW_D3D_PROGRAM, "dcl_function_table ft0 = {" TW_FB124 "}", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dcl_uav_typed_texture2d_glc_glc (float,float,float,float) u0", SF_ERR_SYNTAX, 28, "unknown suffix of dcl_uav_typed"},
    {TW_D3D_PROGRAM, "dcl_uav_typed_texture2d_glc (float,float,float,float) u0", SF_OK, 0, NULL},
    {TW_D3D_PROGRAM, "dcl_temps x", SF_ERR_SYNTAX, 11, "expected count (a decimal number)"},
    {TW_D3D_PROGRAM, "ld(1,0,0) r0.xyzw, r1.xyzw, t0.xyzw", SF_ERR_SYNTAX, 10, "an (u,v,w) group needs _aoffimmi"},
    {TW_D3D_PROGRAM, "add [precise()] r0.x, r1.x, r2.x", SF_ERR_SYNTAX, 14, "empty precise mask"},
    {TW_D3D_LINE, "sample [precise()] r0.xyzw, r1.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 17, "empty precise mask"},
    {TW_D3D_LINE, "sample r0.xyzw, r1{foo}.xyzw, t0.xyzw, s0", SF_ERR_SYNTAX, 20, "unknown operand annotation"},
    {TW_D3D_LINE, "sample_indexable(structured_buffer, stride=)(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0",
     SF_ERR_SYNTAX, 44, "expected stride (a decimal number)"},
    /* every decimal cap of the vISA text (vt_unum/vt_snum with a constant, harness/visa/), one past it
     * and, where a line can hold it, at it; read after SF_VISA_KNOWN_HDR, whose variables they name */
    {TW_VISA_KNOWN, "oword_ld (32) T6 0x10:ud V0046.0", SF_ERR_RANGE, 11, "the number of owords (1, 2, 4, 8, 16) must be at most 16"},
    {TW_VISA_KNOWN, "oword_ld (16) T6 0x10:ud V0046.0", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "scatter4_typed.RGBA (M1, 8) T6 V0046.0 V0047.0 %null.0 %null.0", SF_ERR_SYNTAX, 63, "expected the data"},
    {TW_VISA_KNOWN, "media_ld.nomod (8,4) T6 16 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE, 25, "the plane (0-15) must be at most 15"},
    {TW_VISA_KNOWN, "media_ld.nomod (8,4) T6 15 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_OK, 0, NULL},
    /* an address operand's width: 1, 2, 4, 8, 16 or 32 */
    {TW_VISA_KNOWN, "addr_add (M1, 16) A0(0)<3> A0(0)<1> 0x4:uw", SF_ERR_RANGE, 25, "address width must be 1, 2, 4, 8, 16 or 32"},
    {TW_VISA_KNOWN, "addr_add (M1, 16) A0(0)<1> A0(0)<32> 0x4:uw", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "addr_add (M1, 16) A0(0)<1> A65536(0)<1> 0x4:uw", SF_ERR_RANGE, 28, "address id must be at most 65535"},
    /* a decimal float literal: at most 71 characters; an exponent needs its digits */
    {TW_VISA_KNOWN, "add (M1, 1) V0055(0,0)<1> V0055(0,0)<0;1,0> 1.0000000000000000000000000000000000000000000000000000000000000000000000:f", SF_ERR_LIMIT, 45, "float literal longer than 71 characters"},
    {TW_VISA_KNOWN, "add (M1, 1) V0055(0,0)<1> V0055(0,0)<0;1,0> 1.000000000000000000000000000000000000000000000000000000000000000000000:f", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "add (M1, 1) V0055(0,0)<1> V0055(0,0)<0;1,0> 1.0e:f", SF_ERR_SYNTAX, 49, "expected digits in the exponent"},
    {TW_VISA_KNOWN, "add (M1, 1) V0055(0,0)<1> V0055(0,0)<0;1,0> 1.0e+:f", SF_ERR_SYNTAX, 50, "expected digits in the exponent"},
    {TW_VISA_KNOWN, "add (M1, 1) V0055(0,0)<1> V0055(0,0)<0;1,0> 1.:f", SF_ERR_SYNTAX, 47, "expected digits after the decimal point"},
    /* a region's third part is hi=<n> or nothing, in both region forms */
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0;x>", SF_ERR_SYNTAX, 45, "expected hi=<n> or '>' in a region"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1,0;x>", SF_ERR_SYNTAX, 43, "expected hi=<n> or '>' in a region"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1,0;hi=1>", SF_OK, 0, NULL},
    /* an immediate: hex digits after 0x, never negative; a float that fits its type; an integer its 32 or 64 bits */
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 0x:d", SF_ERR_SYNTAX, 30, "expected hex digits after 0x"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -0x1:d", SF_ERR_SYNTAX, 28, "a hex immediate cannot be negative"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 1.0e39:f", SF_ERR_RANGE, 28, "float literal does not fit type f"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -1.0e39:f", SF_ERR_RANGE, 28, "float literal does not fit type f"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 3.4e38:f", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 1.0e309:df", SF_ERR_RANGE, 28, "float literal does not fit type df"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -1.0e309:df", SF_ERR_RANGE, 28, "float literal does not fit type df"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -1.7e308:df", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 0x1ffffffff:d", SF_ERR_RANGE, 28, "immediate does not fit 32 bits"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -2147483649:d", SF_ERR_RANGE, 28, "immediate does not fit 32 bits"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -2147483648:d", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 0x1ffffffffffffffff:q", SF_ERR_RANGE, 28, "immediate does not fit 64 bits"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> -9223372036854775809:q", SF_ERR_RANGE, 28, "immediate does not fit 64 bits"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 0xffffffffffffffff:q", SF_OK, 0, NULL},
    /* an indirect operand's address id */
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> r[A65536(0),0]<1;1,0>:d", SF_ERR_RANGE, 30, "address id must be at most 65535"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> r[A0(0),0]<1;1,0>:d", SF_OK, 0, NULL},
    /* a state operand's, a predicate operand's and a predicate's ids, past their widths and at them */
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> T65536(0)", SF_ERR_RANGE, 28, "state id must be at most 65535"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> T65535(0)", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 1) P1 P65536", SF_ERR_RANGE, 16, "predicate operand must be at most 65535"},
    {TW_VISA_KNOWN, "mov (M1, 1) P1 P65535", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "(P4096) mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0>", SF_ERR_RANGE, 2, "predicate id must be at most 4095 (12 bits)"},
    {TW_VISA_KNOWN, "(P4095) mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0>", SF_OK, 0, NULL},
    /* a raw operand's '.' needs its byte offset; channels out of order, at the channel */
    {TW_VISA_KNOWN, "oword_ld (1) T6 0x10:ud V0046.", SF_ERR_SYNTAX, 31, "expected a byte offset after '.'"},
    {TW_VISA_KNOWN, "sample_3d.RGBR (M1, 16) 0x0:uw S0 T6 V0046.0 V0047.0", SF_ERR_SYNTAX, 14, "channels must be in R, G, B, A order without repeats"},
    /* sample_unorm's suffix: exactly channels and format, refused at a third part or after the mnemonic */
    {TW_VISA_KNOWN, "sample_unorm.RGBA.16-full.x S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f V0046.0", SF_ERR_SYNTAX, 27,
     "sample_unorm takes .<channels>.<format>"},
    {TW_VISA_KNOWN, "sample_unorm.RGBA S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f V0046.0", SF_ERR_SYNTAX, 18,
     "sample_unorm takes .<channels>.<format>"},
    {TW_VISA_KNOWN, "switchjmp.x (M1, 1) V0050(0,0)<0;1,0> (L1)", SF_ERR_SYNTAX, 10, "switchjmp takes no suffix"},
    {TW_VISA_KNOWN, "svm_gather4scaled.ch0 (M1, 16) 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, 18, "svm_gather4scaled needs at least one channel"},
    /* LSC's numbers and shapes: hex digits after 0x, a scale from 1, nothing run into a data or block shape */
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bti(0x)[V0047]:a32", SF_ERR_SYNTAX, 41, "expected hex digits after 0x"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  flat[0*V0047]:a64", SF_ERR_RANGE, 42, "address scale 0"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32x4tq  flat[V0047]:a64", SF_ERR_SYNTAX, 36, "unexpected character in the data shape"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32x4t  flat[V0047]:a64", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nnq  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, 48,
     "unexpected character in the block shape"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bss(V0047.1(0,1))[V0049]:a32", SF_ERR_SYNTAX, 46, "either .<col> or (row,col), not both"},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nn  flat[V0047.1(0,1), V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX, 62,
     "either .<col> or (row,col), not both"},
    {TW_VISA_KNOWN, "lsc_fence.ugm.none", SF_ERR_SYNTAX, 15, "expected lsc_fence.<sfid>.<op"}, /* two parts: at the first */
    /* VME's sub-ops: only vme_ime and vme_fbr take modes in parentheses */
    {TW_VISA_KNOWN, "vme_sic T6 V0046.0 V0047.0 V0049.0", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "vme_idm T6 V0046.0 V0047.0 V0049.0", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "vme_fbr (0x0:ub, 0x1:ub, 0x2:ub) T6 V0046.0 V0047.0 V0049.0", SF_OK, 0, NULL},
    /* vme_fbr's three modes, each named when it is wrong */
    {TW_VISA_KNOWN, "vme_fbr (V9999, 0x1:ub, 0x2:ub) T6 V0046.0 V0047.0 V0049.0", SF_ERR_UNDECLARED, 10, "expected the MB mode"},
    {TW_VISA_KNOWN, "vme_fbr (0x0:ub, V9999, 0x2:ub) T6 V0046.0 V0047.0 V0049.0", SF_ERR_UNDECLARED, 18, "expected the sub-MB shape"},
    {TW_VISA_KNOWN, "vme_fbr (0x0:ub, 0x1:ub, ) T6 V0046.0 V0047.0 V0049.0", SF_ERR_SYNTAX, 26, "expected the sub-prediction mode"},
    /* a surface slot's fallback spelling past the byte */
    {TW_VISA_KNOWN, "resinfo.RGBA (M1, 16)  T256 V0046.0 V0047.0", SF_ERR_RANGE, 24, "index 256 does not fit a byte"},
    /* a 3D load op without its channels: refused right after what it has */
    {TW_VISA_KNOWN, "load_lz.cps.pixel_null_mask.R (M1, 16)  0x0:uw T6 V0046.0 V0047.0 V0049.0", SF_ERR_SYNTAX, 13,
     "expected .pixel_null_mask, .cps, .divS in that order"}, /* at the part out of order */
    {TW_VISA_KNOWN, "load_lz (M1, 16)  0x0:uw T6 V0046.0 V0047.0 V0049.0", SF_ERR_SYNTAX, 8,
     "expected .<channels> after the 3D load op"},
    {TW_VISA_KNOWN, "media_ld.nomod (256,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE, 17, "the block width must be at most 255"},
    {TW_VISA_KNOWN, "media_ld.nomod (8,256) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE, 19, "the block height must be at most 255"},
    {TW_VISA_KNOWN, "media_ld.nomod (255,255) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(256,0)", SF_ERR_RANGE, 55, "a row must be at most 255"},
    {TW_VISA_KNOWN, "dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,256)", SF_ERR_RANGE, 57, "a column must be at most 255"},
    {TW_VISA_KNOWN, "dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(255,255)", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=ud num_elts=65536", SF_ERR_RANGE, 37, "num_elts must be at most 65535"},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=ud num_elts=1 alias=<V0046, 65536>", SF_ERR_RANGE, 53, "alias offset must be at most 65535"},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=ud num_elts=1 alias=<V0046, 60>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, ".input V0046 offset=32 size=65536", SF_ERR_RANGE, 29, "input size must be at most 65535"},
    {TW_VISA_KNOWN, ".input V0046 offset=32 size=4 kind=32", SF_ERR_RANGE, 36, "input kind (provenance bits 3-7) must be at most 31"},
    {TW_VISA_KNOWN, ".input V0046 offset=32 size=4 kind=31", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "addr_add (M1_NM, 1) A0(0)<1> &V0046[0] V0050(0,0)<0;1,0>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "addr_add (M1_NM, 1) A0(0)<1> &V0046[256] V0050(0,0)<0;1,0>", SF_ERR_RANGE, 37, "a byte offset (0-255) must be in [0, 255]"},
    /* a signed number reads as a 64-bit one first: up to INT64_MAX it is judged by its own range, past
     * it (and past UINT64_MAX, where the digits stop accumulating) by the 64-bit bound */
    {TW_VISA_KNOWN, "addr_add (M1_NM, 1) A0(0)<1> &V0046[9223372036854775807] V0050(0,0)<0;1,0>", SF_ERR_RANGE, 37,
     "a byte offset (0-255) must be in [0, 255]"},
    {TW_VISA_KNOWN, "addr_add (M1_NM, 1) A0(0)<1> &V0046[9223372036854775808] V0050(0,0)<0;1,0>", SF_ERR_RANGE, 37,
     "a byte offset (0-255) must be at most 9223372036854775807"},
    {TW_VISA_KNOWN, "addr_add (M1_NM, 1) A0(0)<1> &V0046[99999999999999999999] V0050(0,0)<0;1,0>", SF_ERR_RANGE, 37,
     "a byte offset (0-255) must be at most 9223372036854775807"},
    {TW_VISA_KNOWN, "fcall (M1, 1) f 256 1", SF_ERR_RANGE, 17, "the argument size must be at most 255"},
    {TW_VISA_KNOWN, "fcall (M1, 1) f 1 256", SF_ERR_RANGE, 19, "the return size must be at most 255"},
    {TW_VISA_KNOWN, "fcall (M1, 1) f 255 255", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "sample.R (256) S0 T6 V0046.0 V0047.0 V0049.0 V0052.0", SF_ERR_RANGE, 11, "the SIMD mode must be at most 255"},
    {TW_VISA_KNOWN, "vme_ime(0,256) T6 V0046.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", SF_ERR_RANGE, 11, "the search control must be at most 255"},
    {TW_VISA_KNOWN, "vme_ime(255,255) T6 V0046.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=#256 num_elts=1", SF_ERR_RANGE, 26, "type must be at most 255"},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=#0x100 num_elts=1", SF_ERR_RANGE, 26, "type must be at most 255"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> 0x0:#256", SF_ERR_RANGE, 33, "type must be at most 255"},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=#0x num_elts=1", SF_ERR_SYNTAX, 28, "expected hex digits after #0x"},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=#0x000000001 num_elts=1", SF_ERR_SYNTAX, 36, "expected a .decl attribute"},
    {TW_VISA_KNOWN, ".decl V41 v_type=G type=#0x00000001 num_elts=1", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<33;1,0>", SF_ERR_RANGE, 39, "region value must be at most 32"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<32;1,0>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<#16;1,0>", SF_ERR_RANGE, 40, "region must be at most 15"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<#15;1,0>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0;hi=16>", SF_ERR_RANGE, 48, "region bits 12-15 must be at most 15"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0;hi=15>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> r[A0(256),0]<1;1,0>:d", SF_ERR_RANGE, 33, "address offset must be at most 255"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> r[A0(15),0]<1;1,0>:d", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(256,0)<1;1,0>", SF_ERR_RANGE, 34, "offset must be at most 255"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> V0047(0,256)<1;1,0>", SF_ERR_RANGE, 36, "column offset must be at most 255"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> A0(0)<33>", SF_ERR_RANGE, 34, "address width must be at most 32"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> A0(0)<#256>", SF_ERR_RANGE, 35, "address width must be at most 255"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0046(0,0)<1> A0(0)<#255>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "oword_ld (1) T6 0x10:ud V0046.65536", SF_ERR_RANGE, 31, "raw operand offset must be at most 65535"},
    {TW_VISA_KNOWN, "oword_ld (1) T6 0x10:ud V0046.65535", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 33) V0046(0,0)<1> V0047(0,0)<1;1,0>", SF_ERR_RANGE, 10, "execution size must be at most 32"},
    {TW_VISA_KNOWN, "mov (M1, #16) V0046(0,0)<1> V0047(0,0)<1;1,0>", SF_ERR_RANGE, 11, "execution size must be at most 15"},
    {TW_VISA_KNOWN, "mov (M1, #15) V0046(0,0)<1> V0047(0,0)<1;1,0>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "raw_send (M1, 16) 0x0 256 1 0x0:ud V0046.0 V0047.0", SF_ERR_RANGE, 23, "the number of source registers must be at most 255"},
    {TW_VISA_KNOWN, "raw_send (M1, 16) 0x0 1 256 0x0:ud V0046.0 V0047.0", SF_ERR_RANGE, 25, "the number of destination registers must be at most 255"},
    {TW_VISA_KNOWN, "raw_send (M1, 16) 0x0 255 255 0x0:ud V0046.0 V0047.0", SF_OK, 0, NULL},
    /* the extended descriptor (GenX_IR's HEX_LIT) needs both the 0 and the x */
    {TW_VISA_KNOWN, "raw_send (M1, 16) 0y0 1 1 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, 19, "expected the extended message descriptor as 0x<hex>"},
    {TW_VISA_KNOWN, "raw_send (M1, 16) 1x0 1 1 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX, 19, "expected the extended message descriptor as 0x<hex>"},
    /* the legacy sample's SIMD mode, refused at its number */
    {TW_VISA_KNOWN, "sample.GA (12) S0 T6 V0046.0 V0047.0 V0046.0 V0047.0", SF_ERR_RANGE, 12, "SIMD mode 12: expected 8, 16 or 32"},
    /* one .eot among a raw_sends suffix's numbers, wherever it stands; a second is no number */
    {TW_VISA_KNOWN, "raw_sends.eot.eot.3.2.0.0 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 %null.0 %null.0", SF_ERR_SYNTAX, 14,
     "expected .<number 0-255> in the suffix of raw_sends"},
    {TW_VISA_KNOWN, "raw_sends.3.eot.eot.2.0.0 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 %null.0 %null.0", SF_ERR_SYNTAX, 16,
     "expected .<number 0-255> in the suffix of raw_sends"},
    /* dpas precisions: bf and hf in either case (GenX_IR's lexer), a b or h before any other letter is no name */
    {TW_VISA_KNOWN, "dpas.BF.HF.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "dpas.bF.Hf.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "dpas.b1.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, 5, "expected .<W>.<A>"},
    {TW_VISA_KNOWN, "dpas.u8.h8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX, 5, "expected .<W>.<A>"},
    /* an empty number between a suffix's dots; a V<n> number of 10 digits reads, of 11 is no V<n> */
    {TW_VISA_KNOWN, "raw_sends.3.2..0 (M1, 16) 0x4c:ud 0x2490000:ud V0046.0 %null.0 %null.0", SF_ERR_SYNTAX, 14,
     "expected .<number 0-255> in the suffix of raw_sends"},
    {TW_VISA_KNOWN, "mov (M1, 16) V0000000046(0,0)<1> V0047(0,0)<1;1,0>", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "mov (M1, 16) V00000000046(0,0)<1> V0047(0,0)<1;1,0>", SF_ERR_UNDECLARED, 14, "'V00000000046' is not declared"},
    {TW_VISA_KNOWN, "urb_write_3d (M1, 8) 256 16 V0046.0 V0047.0 V0046.0 V0049.0", SF_ERR_RANGE, 22, "the number of outputs must be at most 255"},
    {TW_VISA_KNOWN, "urb_write_3d (M1, 8) 3 65536 V0046.0 V0047.0 V0046.0 V0049.0", SF_ERR_RANGE, 24, "the global offset must be at most 65535"},
    /* AVS's output control and exec mode: a number to 15, or AVS_CNTRL_<n> / AVS_EXEC_<n> to 15 */
    {TW_VISA_KNOWN, TW_AVS "16 V0050(0,0)<0;1,0> AVS_4x4 V0050(0,0)<0;1,0> V0046.0", SF_ERR_RANGE, 139, "AVS_8_DOWN_SAMPLE) must be at most 15"},
    {TW_VISA_KNOWN, TW_AVS "15 V0050(0,0)<0;1,0> 16 V0050(0,0)<0;1,0> V0046.0", SF_ERR_RANGE, 160, "AVS_4x4) must be at most 15"},
    {TW_VISA_KNOWN, TW_AVS "15 V0050(0,0)<0;1,0> 15 V0050(0,0)<0;1,0> V0046.0", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, TW_AVS "AVS_CNTRL_16 V0050(0,0)<0;1,0> AVS_4x4 V0050(0,0)<0;1,0> V0046.0", SF_ERR_SYNTAX, 139, "expected an AVS output control"},
    {TW_VISA_KNOWN, TW_AVS "AVS_CNTRL_15 V0050(0,0)<0;1,0> AVS_EXEC_16 V0050(0,0)<0;1,0> V0046.0", SF_ERR_SYNTAX, 170, "found 'AVS_EXEC_16'"},
    {TW_VISA_KNOWN, TW_AVS "AVS_CNTRL_15 V0050(0,0)<0;1,0> AVS_EXEC_15 V0050(0,0)<0;1,0> V0046.0", SF_OK, 0, NULL},
    /* LSC's numbers (vt_lsc_num: decimal or 0x hex; a block dimension: decimal from 1) */
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bti(0x100000000)[V0047]:a32", SF_ERR_RANGE, 39, "a surface index must be at most 0xffffffff"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bti(4294967296)[V0047]:a32", SF_ERR_RANGE, 39, "a surface index must be at most 4294967295"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bti(4294967295)[V0047]:a32", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bss(V0047(256,0))[V0049]:a32", SF_ERR_RANGE, 45, "a row must be at most 255"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bss(V0047(0,256))[V0049]:a32", SF_ERR_RANGE, 47, "a column must be at most 255"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  bss(V0047(255,255))[V0049]:a32", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  flat[65536*V0047]:a64", SF_ERR_RANGE, 40, "an address scale must be at most 65535"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  flat[65535*V0047]:a64", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32x65  flat[V0047]:a64", SF_ERR_RANGE, 34, "a vector length must be at most 64"},
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32x64  flat[V0047]:a64", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.65536x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_RANGE, 42, "the block width (or count) must be at most 65535"},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x65536nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_RANGE, 45, "a block dimension must be at most 65535"},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nn  flat[V0047, 0x100000000, V0052, V0049, V0054, V0050]", SF_ERR_RANGE, 62, "the surface width must be at most 0xffffffff"},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nn  flat[V0047, 4294967295, V0052, V0049, V0054, V0050]", SF_OK, 0, NULL},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nn  flat[V0047, V0049(256,0), V0052, V0049, V0054, V0050]", SF_ERR_RANGE, 68, "a row must be at most 255"},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nn  flat[V0047, V0049(0,256), V0052, V0049, V0054, V0050]", SF_ERR_RANGE, 70, "a column must be at most 255"},
    {TW_VISA_KNOWN, "lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nn  flat[V0047, V0049(255,255), V0052, V0049, V0054, V0050]", SF_OK, 0, NULL},
    /* an address model is lower-case letters, all of them read; attributes only a general variable takes */
    {TW_VISA_KNOWN, "lsc_load.ugm (M1, 32)  V0046:d32  flatz[V0047]:a64", SF_ERR_SYNTAX, 35, "expected an address model"},
    {TW_VISA_KNOWN, ".decl P9 v_type=P type=ud num_elts=1", SF_ERR_SYNTAX, 7, "only apply to v_type=G"},
    {TW_VISA_KNOWN, ".decl P9 v_type=P num_elts=1 align=GRF", SF_ERR_SYNTAX, 7, "only apply to v_type=G"},
    {TW_VISA_KNOWN, ".decl P9 v_type=P num_elts=1 alias=<V0046, 0>", SF_ERR_SYNTAX, 7, "only apply to v_type=G"},
    {TW_VISA_WHOLE, ".version 256.1", SF_ERR_RANGE, 10, "the major version must be at most 255"},
    {TW_VISA_WHOLE, ".version 4.256", SF_ERR_RANGE, 12, "the minor version must be at most 255"},
};

#endif
