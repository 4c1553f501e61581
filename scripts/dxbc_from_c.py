#!/usr/bin/env python3
"""dxbc_from_c.py — cut DXBC containers out of C sources that embed them as arrays.

Test suites and engines often carry compiled shaders as C initialisers: `static const DWORD
name[] = {0x43425844, ...}` (fxc output pasted as DWORDs) or `static const BYTE name[] =
{0x44, 0x58, 0x42, 0x43, ...}`. This reads such files (from disk, or from a git tree with --git)
and writes every distinct container to OUTDIR, named <array>-<file stem>-L<line>.dxbc; containers
holding DXIL (shader model 6) go to OUTDIR/dxil/ instead, since samplefuzz refuses their program as
unsupported. The result feeds `samplefuzz corpus import` or a replay set (tests/data/real/).

  python3 scripts/dxbc_from_c.py OUTDIR FILE.c...
  python3 scripts/dxbc_from_c.py --git REPO.git --commit SHA OUTDIR PATH...

An array is taken when its bytes start with "DXBC" and the container's size field equals its
length; anything else (a size mismatch, a token that is not a number) is reported and skipped.
Duplicates (the same bytes) are kept once, under the first name. Prints the counts.
"""
import argparse, hashlib, os, re, struct, subprocess, sys

ARRAY = re.compile(r'(?:static\s+)?const\s+(DWORD|BYTE|uint32_t|uint8_t|unsigned\s+int|unsigned\s+char)\s+(\w+)\s*\[\s*\]\s*=\s*\{')
NUMBER = re.compile(r'\b(?:0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)\b')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def read_source(args, path):
    if args.git:
        r = subprocess.run(['git', '--git-dir', args.git, 'show', f'{args.commit}:{path}'], capture_output=True)
        if r.returncode:
            sys.exit(f'dxbc_from_c: cannot read {path} at {args.commit}: {r.stderr.decode().strip()}')
        return r.stdout.decode('utf-8', 'replace')
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--git', help='read PATHs from this git directory instead of the file system')
    ap.add_argument('--commit', default='HEAD', help='with --git: the commit to read (default HEAD)')
    ap.add_argument('outdir')
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    os.makedirs(os.path.join(args.outdir, 'dxil'), exist_ok=True)
    seen, counts = set(), {'fxc': 0, 'dxil': 0, 'duplicate': 0, 'skipped': 0}
    for path in args.paths:
        src = read_source(args, path)
        stem = os.path.splitext(os.path.basename(path))[0]
        for m in ARRAY.finditer(src):
            end = src.find('}', m.end())
            if end < 0:
                break
            wide = m.group(1) in ('DWORD', 'uint32_t') or m.group(1).replace(' ', '') == 'unsignedint'
            toks = NUMBER.findall(COMMENT.sub('', src[m.end():end]))
            try:
                vals = [int(t, 0) for t in toks]
                data = b''.join(struct.pack('<I', v) for v in vals) if wide else bytes(vals)
            except (ValueError, struct.error, OverflowError):
                continue
            if data[:4] != b'DXBC':
                continue
            line = src.count('\n', 0, m.start()) + 1
            where = f'{path}:{line} {m.group(2)}'
            if len(data) < 32 or struct.unpack_from('<I', data, 24)[0] != len(data):
                print(f'skipped {where}: the size field does not match the {len(data)} bytes', file=sys.stderr)
                counts['skipped'] += 1
                continue
            digest = hashlib.sha256(data).digest()
            if digest in seen:
                counts['duplicate'] += 1
                continue
            seen.add(digest)
            n = struct.unpack_from('<I', data, 28)[0]
            tags = set()
            for i in range(min(n, 64)):
                if 32 + 4 * i + 4 <= len(data):
                    off = struct.unpack_from('<I', data, 32 + 4 * i)[0]
                    tags.add(data[off:off + 4])
            kind = 'dxil' if b'DXIL' in tags else 'fxc'
            counts[kind] += 1
            sub = 'dxil' if kind == 'dxil' else ''
            with open(os.path.join(args.outdir, sub, f'{m.group(2)}-{stem}-L{line}.dxbc'), 'wb') as f:
                f.write(data)
    print(' '.join(f'{k}={v}' for k, v in counts.items()))


if __name__ == '__main__':
    main()
