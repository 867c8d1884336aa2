#!/usr/bin/env python3
"""Writes the zstd decoder corpus with the reference C library (PyPI package `zstandard`).

Usage:  python3 -m venv /tmp/zst && /tmp/zst/bin/pip install zstandard
        /tmp/zst/bin/python core/src/test/resources/golden/zstd/make_corpus.py

Every case is <name>.zst (the compressed stream as produced by libzstd through `zstandard`), listed in
corpus.tsv as: name, dictionary file or "-", content length, SHA-256 of the content. The Java test
decodes each stream and compares length and hash, so large contents need not be stored. Dictionaries
are dict_trained.bin (zstandard.train_dictionary) and dict_raw.bin (raw content).

Inputs come from random.Random(seed), so rerunning reproduces the same contents; the compressed bytes
may differ between libzstd versions. Generated with zstandard 0.25.0 (libzstd 1.5.7).
"""
import hashlib
import os
import random
import struct

import zstandard as zstd

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261121
ROWS = []

WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau "
         "upsilon phi chi psi omega the quick brown fox jumps over lazy dog vortex columnar file format zstd "
         "frame block literal sequence offset match huffman entropy table window dictionary checksum").split()


def text(rng, n):
    out = []
    size = 0
    while size < n:
        w = rng.choice(WORDS)
        if rng.random() < 0.1:
            w = w + str(rng.randrange(100000))
        if rng.random() < 0.05:
            w = w + "\n"
        out.append(w)
        size += len(w) + 1
    return " ".join(out).encode()[:n]


def ints(rng, n):
    """Little-endian i64 values with small random deltas, like a Vortex primitive column."""
    v = rng.randrange(1 << 40)
    vals = []
    for _ in range(n):
        v += rng.randrange(-50, 1000)
        vals.append(v)
    return struct.pack("<%dq" % n, *vals)


def logs(rng, n):
    lines = []
    size = 0
    t = 1_700_000_000_000
    while size < n:
        t += rng.randrange(1, 5000)
        line = "%d level=%s user=%d path=/api/%s/%s status=%d took=%dms\n" % (
            t, rng.choice(["INFO", "WARN", "DEBUG", "ERROR"]), rng.randrange(5000), rng.choice(WORDS),
            rng.choice(WORDS), rng.choice([200, 200, 200, 201, 404, 500]), rng.randrange(2000))
        lines.append(line)
        size += len(line)
    return "".join(lines).encode()[:n]


def emit(name, data, frame, dictionary="-"):
    with open(os.path.join(HERE, name + ".zst"), "wb") as f:
        f.write(frame)
    ROWS.append((name, dictionary, len(data), hashlib.sha256(data).hexdigest()))
    print(name, len(data), "->", len(frame))


def main():
    for f in os.listdir(HERE):
        if f.endswith(".zst"):
            os.remove(os.path.join(HERE, f))
    rng = random.Random(SEED)
    sample = text(rng, 24_000)
    numbers = ints(rng, 3000)
    for level in [-7, -3, -1] + list(range(1, 23)):
        tag = "m%d" % -level if level < 0 else "%d" % level
        emit("text_level%s" % tag, sample, zstd.ZstdCompressor(level=level).compress(sample))
    for level in (-5, 1, 3, 9, 19, 22):
        tag = "m%d" % -level if level < 0 else "%d" % level
        emit("ints_level%s" % tag, numbers, zstd.ZstdCompressor(level=level).compress(numbers))

    # Windowed frames (no content size => window descriptor), several blocks, small windows.
    big = logs(rng, 160_000)
    for wlog in (10, 12, 15, 17):
        for level in (3, 19):
            params = zstd.ZstdCompressionParameters.from_level(level, window_log=wlog, write_content_size=0)
            emit("logs_wlog%d_level%d" % (wlog, level), big, zstd.ZstdCompressor(compression_params=params).compress(big))
    emit("logs_level1_checksum", big, zstd.ZstdCompressor(level=1, write_checksum=True).compress(big))
    emit("logs_level19_checksum_nosize", big,
         zstd.ZstdCompressor(level=19, write_checksum=True, write_content_size=False).compress(big))
    emit("text_level3_checksum", sample, zstd.ZstdCompressor(level=3, write_checksum=True).compress(sample))
    emit("text_level3_nosize", sample, zstd.ZstdCompressor(level=3, write_content_size=False).compress(sample))
    # Streaming with flushes: blocks of several sizes, no content size.
    cobj = zstd.ZstdCompressor(level=5, write_checksum=True).compressobj()
    parts = []
    pos = 0
    while pos < len(big):
        step = rng.randrange(1, 20_000)
        parts.append(cobj.compress(big[pos:pos + step]))
        parts.append(cobj.flush(zstd.COMPRESSOBJ_FLUSH_BLOCK))
        pos += step
    parts.append(cobj.flush())
    emit("logs_streamed_flushes", big, b"".join(parts))

    # Large input: 3 MB of log lines, long window and long-distance matching (only the hash is stored).
    large = logs(rng, 3_000_000)
    emit("large_logs_level19_long", large, zstd.ZstdCompressor(compression_params=zstd.ZstdCompressionParameters.from_level(
        19, window_log=23, enable_ldm=1, write_checksum=1)).compress(large))

    # Edge sizes.
    for level in (1, 19):
        for size_flag in (True, False):
            tag = "%d%s" % (level, "" if size_flag else "_nosize")
            emit("empty_level" + tag, b"", zstd.ZstdCompressor(level=level, write_content_size=size_flag).compress(b""))
            emit("one_byte_level" + tag, b"x", zstd.ZstdCompressor(level=level, write_content_size=size_flag).compress(b"x"))
    emit("empty_checksum", b"", zstd.ZstdCompressor(write_checksum=True).compress(b""))

    # Repetitive and random.
    zeros = bytes(300_000)
    emit("zeros_level1", zeros, zstd.ZstdCompressor(level=1).compress(zeros))
    emit("zeros_level19_nosize", zeros, zstd.ZstdCompressor(level=19, write_content_size=False).compress(zeros))
    abc = b"abcdefg" * 40_000 + b"xyz" * 1000
    emit("periodic_level3", abc, zstd.ZstdCompressor(level=3).compress(abc))
    emit("periodic_level22", abc, zstd.ZstdCompressor(level=22).compress(abc))
    short_period = b"ab" * 5000 + b"abc" * 5000 + b"abcde" * 3000
    emit("short_periods_level9", short_period, zstd.ZstdCompressor(level=9).compress(short_period))
    noise = bytes(rng.getrandbits(8) for _ in range(40_000))
    emit("random_level3", noise, zstd.ZstdCompressor(level=3).compress(noise))
    emit("random_level19_checksum", noise, zstd.ZstdCompressor(level=19, write_checksum=True).compress(noise))
    half = bytes(rng.getrandbits(8) for _ in range(20_000)) + sample + bytes(rng.getrandbits(4) for _ in range(30_000))
    emit("mixed_level6", half, zstd.ZstdCompressor(level=6).compress(half))
    skewed = bytes(min(255, int(rng.expovariate(0.05))) for _ in range(40_000))
    emit("skewed_level3", skewed, zstd.ZstdCompressor(level=3).compress(skewed))
    emit("skewed_level19", skewed, zstd.ZstdCompressor(level=19).compress(skewed))

    # Shapes that reach rarer format features (checked by instrumenting the decoder once; RLE literals
    # are covered by a hand-made frame in ZstdHandMadeFramesTest):
    # direct (4-bit) Huffman weights (a small alphabet with few symbols),
    for k in (3, 5, 9):
        small = bytes(rng.choice(range(k)) * 3 + rng.choice((0, 1)) for _ in range(3000))
        emit("small_alphabet%d_level3" % k, small, zstd.ZstdCompressor(level=3).compress(small))
    # more than 0x7F00 sequences in one block and RLE literal lengths (3-byte tokens, no literals),
    tokens = [bytes(rng.getrandbits(8) for _ in range(3)) for _ in range(1000)]
    many = b"".join(tokens) + b"".join(rng.choice(tokens) for _ in range(100_000))
    emit("many_sequences_level19", many, zstd.ZstdCompressor(level=19).compress(many))
    # long matches far back (plain copies), and
    r = bytes(rng.getrandbits(8) for _ in range(3000))
    far = r + sample[:2000] + r + sample[:2000] + r
    emit("long_matches_level3", far, zstd.ZstdCompressor(level=3).compress(far))
    # 4-stream literals of more than 16 KB, fresh and treeless, over several blocks.
    heavy = bytes(min(255, int(rng.expovariate(0.3))) for _ in range(300_000))
    emit("skewed_large_level3", heavy, zstd.ZstdCompressor(level=3).compress(heavy))

    # Multi-frame streams, with a skippable frame.
    a, b, c = sample[:5000], numbers[:8000], b"tail" * 100
    skippable = struct.pack("<II", 0x184D2A53, 11) + b"hello world"
    stream = (zstd.ZstdCompressor(level=3).compress(a) + skippable + zstd.ZstdCompressor(level=-1, write_checksum=True).compress(b)
              + struct.pack("<II", 0x184D2A50, 0) + zstd.ZstdCompressor(level=19, write_content_size=False).compress(c))
    emit("multi_frame", a + b + c, stream)

    # Dictionaries.
    records = []
    for i in range(600):
        records.append(('{"id":%d,"name":"%s %s","city":"%s","score":%d,"tags":["%s","%s"]}' % (
            i, rng.choice(WORDS), rng.choice(WORDS), rng.choice(["Berlin", "Paris", "Oslo", "Lima", "Pune"]),
            rng.randrange(1000), rng.choice(WORDS), rng.choice(WORDS))).encode())
    trained = zstd.train_dictionary(4096, records[:500])
    with open(os.path.join(HERE, "dict_trained.bin"), "wb") as f:
        f.write(trained.as_bytes())
    raw = zstd.ZstdCompressionDict(b"".join(records[:80]), dict_type=zstd.DICT_TYPE_RAWCONTENT)
    with open(os.path.join(HERE, "dict_raw.bin"), "wb") as f:
        f.write(raw.as_bytes())
    for idx in (500, 501, 555):
        rec = records[idx]
        for level in (1, 3, 19):
            emit("dict_trained_rec%d_level%d" % (idx, level), rec,
                 zstd.ZstdCompressor(level=level, dict_data=trained).compress(rec), "dict_trained.bin")
    batch = b"\n".join(records[500:600])
    for level in (-1, 3, 19):
        tag = "m%d" % -level if level < 0 else "%d" % level
        emit("dict_trained_batch_level%s" % tag, batch,
             zstd.ZstdCompressor(level=level, dict_data=trained, write_checksum=True).compress(batch), "dict_trained.bin")
    emit("dict_trained_batch_noid", batch,
         zstd.ZstdCompressor(level=3, dict_data=trained, write_dict_id=False).compress(batch), "dict_trained.bin")
    for level in (1, 19):
        emit("dict_raw_rec520_level%d" % level, records[520],
             zstd.ZstdCompressor(level=level, dict_data=raw).compress(records[520]), "dict_raw.bin")
        emit("dict_raw_batch_level%d" % level, batch,
             zstd.ZstdCompressor(level=level, dict_data=raw).compress(batch), "dict_raw.bin")
    # A match that starts in the dictionary and runs on into the frame's own output.
    tail = raw.as_bytes()[-100:]
    emit("dict_raw_split_match", tail * 3 + b"!", zstd.ZstdCompressor(level=3, dict_data=raw).compress(tail * 3 + b"!"),
         "dict_raw.bin")
    emit("dict_trained_empty", b"", zstd.ZstdCompressor(level=3, dict_data=trained).compress(b""), "dict_trained.bin")

    with open(os.path.join(HERE, "corpus.tsv"), "w") as f:
        f.write("# name\tdictionary\tcontent_length\tsha256\n")
        for row in ROWS:
            f.write("\t".join(str(x) for x in row) + "\n")


if __name__ == "__main__":
    main()
