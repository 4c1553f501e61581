/* visa_chars.h — character classes of vISA text, as tables (visa_chars.c).
 *
 * The lexer classifies every character of every line it reads. A table lookup is one load where a
 * chain of range tests is up to nine comparisons, and in a fuzz build each comparison is also a call
 * into the comparison tracing (docs/fuzzing.md "Throughput"), so the hot classifiers read these. */
#ifndef SF_VISA_CHARS_H
#define SF_VISA_CHARS_H

#include <stdbool.h>
#include <stdint.h>

enum {
  SF_VC_WS = 1,      /* ' ', '\t', '\r': the blanks within a line */
  SF_VC_ALPHA = 2,   /* A-Z a-z _ $ @: starts a vISA identifier (visa/CISA.l's name rule) */
  SF_VC_PCT = 4,     /* '%': starts IGC's predefined names in text */
  SF_VC_DIGIT = 8,   /* 0-9 */
};

extern const uint8_t sf_visa_cc[256];
/* ASCII lower case of every byte; other bytes map to themselves. */
extern const unsigned char sf_visa_lower[256];

static inline bool sf_visa_cc_is(char c, unsigned cls) { return (sf_visa_cc[(unsigned char)c] & cls) != 0; }

#endif
