package io.jvortex.internal.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.ReaderOptions;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestNodes;
import io.jvortex.array.TestNodes.Node;
import io.jvortex.array.TestNodes.Proto;
import io.jvortex.array.TestNodes.Sv;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.DecodeContext;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Decompression bombs: tiny hand-built array trees whose length fields claim huge row counts, run
 * lengths, dictionary sizes, list lengths, string lengths, nesting or Zstandard sizes. Under the default
 * {@link ReaderOptions} each is refused with a {@link VortexException} naming the field, before anything
 * is allocated for the claim: the native bytes requested from the arena and the heap bytes this thread
 * allocates stay small.
 */
class DecompressionBombTest {
    private static final DType.Primitive I64 = new DType.Primitive(PType.I64, false);
    private static final DType.Primitive I8 = new DType.Primitive(PType.I8, false);
    /** Far above what the decoding of these few bytes may allocate, far below any bomb's claim. */
    private static final long SMALL = 16L << 20;

    /** An arena that counts the bytes asked of it. */
    private static final class CountingArena implements Arena {
        private final Arena inner = Arena.ofConfined();
        long requested;

        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            requested += byteSize;
            return inner.allocate(byteSize, byteAlignment);
        }

        @Override
        public MemorySegment.Scope scope() {
            return inner.scope();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    private static long heapAllocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** Decodes under the default reader options; returns the decoded array. */
    private static Canonical decode(Node root, DType dtype, int length, CountingArena arena) {
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), arena, false,
                ReaderOptions.defaults().maxDecodedBytes());
        return ctx.decode(TestNodes.parse(root, arena), dtype, length);
    }

    /** Asserts that the bomb is refused with a message holding {@code why}, allocating little. */
    private static void refused(Node root, DType dtype, int length, String why) {
        try (CountingArena arena = new CountingArena()) {
            long heapBefore = heapAllocated();
            Supplier<Canonical> bomb = () -> decode(root, dtype, length, arena);
            assertThatThrownBy(bomb::get).isInstanceOf(VortexException.class).hasMessageContaining(why)
                    .hasMessageContaining("root");
            assertThat(arena.requested).as("native bytes requested").isLessThan(SMALL);
            assertThat(heapAllocated() - heapBefore).as("heap bytes allocated").isLessThan(SMALL);
        }
    }

    private static byte[] u64s(long... values) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * values.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    @Test
    void aConstantClaimingTheMostRowsIsRefusedByTheDecodedSizeBudget() {
        // 2^31 rows of 8 bytes from a 9-byte scalar: 16 GiB, over the 2 GiB default budget
        refused(TestNodes.constant(Sv.i64(7)), I64, DecodeContext.MAX_ROWS, "decoded-size budget");
    }

    @Test
    void aRowCountBeyondALeafsBufferIsRefused() {
        refused(TestNodes.i64(1, 2), I64, 1 << 30, "buffer 0 has 16 bytes, expected " + (8L << 30));
    }

    @Test
    void runLengths() {
        byte[] meta = Proto.message().varint(1, PType.U32.id()).varint(2, 1).build();
        // one run over 2^31 rows
        Node oneHugeRun = Node.of("vortex.runend", meta, List.of(), TestNodes.i32(DecodeContext.MAX_ROWS),
                TestNodes.i64(5));
        refused(oneHugeRun, I64, DecodeContext.MAX_ROWS, "decoded-size budget");
        byte[] manyRuns = Proto.message().varint(1, PType.U32.id()).varint(2, 1L << 40).build();
        refused(Node.of("vortex.runend", manyRuns, List.of(), TestNodes.i32(10), TestNodes.i64(5)), I64, 10,
                "num_runs 1099511627776 outside");
        byte[] runsBeyondTheEnds = Proto.message().varint(1, PType.U32.id()).varint(2, 1 << 28).build();
        refused(Node.of("vortex.runend", runsBeyondTheEnds, List.of(), TestNodes.i32(10), TestNodes.i64(5)), I64, 10,
                "buffer 0 has 4 bytes, expected " + (4L << 28));
    }

    @Test
    void dictionarySizes() {
        byte[] huge = Proto.message().varint(1, 1L << 40).varint(2, PType.U8.id()).build();
        refused(Node.of("vortex.dict", huge, List.of(), TestNodes.u8(0, 0), TestNodes.i64(5)), I64, 2,
                "1099511627776");
        byte[] beyondTheValues = Proto.message().varint(1, 1 << 28).varint(2, PType.U8.id()).build();
        refused(Node.of("vortex.dict", beyondTheValues, List.of(), TestNodes.u8(0, 0), TestNodes.i64(5)), I64, 2,
                "buffer 0 has 8 bytes, expected " + (8L << 28));
    }

    @Test
    void listLengths() {
        DType.List list = new DType.List(I64, false);
        byte[] huge = Proto.message().varint(1, 1L << 40).varint(2, PType.U64.id()).build();
        refused(Node.of("vortex.list", huge, List.of(), TestNodes.i64(5), Node.of("vortex.primitive", new byte[0],
                List.of(u64s(0, 1)))), list, 1, "elements_len 1099511627776 outside");
        // elements a constant: the claim reaches the budget
        byte[] most = Proto.message().varint(1, DecodeContext.MAX_ROWS).varint(2, PType.U64.id()).build();
        refused(Node.of("vortex.list", most, List.of(), TestNodes.constant(Sv.i64(5)),
                Node.of("vortex.primitive", new byte[0], List.of(u64s(0, DecodeContext.MAX_ROWS)))), list, 1,
                "decoded-size budget");
    }

    @Test
    void stringLengths() {
        byte[] meta = Proto.message().varint(1, PType.I32.id()).build();
        Node varbin = Node.of("vortex.varbin", meta, List.of(new byte[] {'a', 'b', 'c', 'd'}),
                TestNodes.i32(0, Integer.MAX_VALUE));
        refused(varbin, new DType.Utf8(false), 1, "2147483647");
    }

    @Test
    void nestingDepth() {
        Node node = TestNodes.i64(5);
        for (int d = 0; d < 100; d++) {
            node = Node.of("vortex.chunked", new byte[0], List.of(),
                    Node.of("vortex.primitive", new byte[0], List.of(u64s(0, 1))), node);
        }
        refused(node, I64, 1, "array tree deeper than 64");
    }

    /** A 10-byte Zstandard frame: one RLE block of 64 bytes of 7, optionally with a windowed header. */
    private static byte[] rleFrame(boolean hugeWindow) {
        byte[] magic = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD};
        byte[] header = hugeWindow
                // no content size, window descriptor 0xF8: a window of 2^41 bytes
                ? new byte[] {0x00, (byte) 0xF8}
                // single segment, a one-byte content size of 64
                : new byte[] {0x20, 64};
        int block = (64 << 3) | (1 << 1) | 1; // last, RLE, 64 bytes
        byte[] rle = {(byte) block, (byte) (block >>> 8), (byte) (block >>> 16), 7};
        byte[] frame = new byte[magic.length + header.length + rle.length];
        System.arraycopy(magic, 0, frame, 0, 4);
        System.arraycopy(header, 0, frame, 4, header.length);
        System.arraycopy(rle, 0, frame, 4 + header.length, rle.length);
        return frame;
    }

    private static Node zstd(byte[] frame, long claimedBytes, long claimedValues) {
        byte[] frameMeta = Proto.message().varint(1, claimedBytes).varint(2, claimedValues).build();
        return Node.of("vortex.zstd", Proto.message().bytes(2, frameMeta).build(), List.of(frame));
    }

    @Test
    void zstdSizes() {
        // 1 GiB claimed from 10 bytes: refused before the destination is allocated
        refused(zstd(rleFrame(false), 1L << 30, 1L << 30), I8, 1 << 30, "is more than 10 compressed bytes can hold");
        // the truth decodes
        try (CountingArena arena = new CountingArena()) {
            Canonical ok = decode(zstd(rleFrame(false), 64, 64), I8, 64, arena);
            assertThat(((PrimitiveArray) ok).getLong(63)).isEqualTo(7);
        }
    }

    @Test
    void aHugeZstdWindowSizesNothing() {
        try (CountingArena arena = new CountingArena()) {
            long heapBefore = heapAllocated();
            Canonical ok = decode(zstd(rleFrame(true), 64, 64), I8, 64, arena);
            assertThat(((PrimitiveArray) ok).getLong(0)).isEqualTo(7);
            assertThat(arena.requested).isLessThan(SMALL);
            assertThat(heapAllocated() - heapBefore).isLessThan(SMALL);
        }
    }

    private static Node pco(long... pageValues) {
        Proto chunk = Proto.message();
        for (long n : pageValues) {
            chunk.bytes(1, Proto.message().varint(1, n).build());
        }
        List<byte[]> buffers = new java.util.ArrayList<>();
        buffers.add(new byte[] {0});
        for (int i = 0; i < pageValues.length; i++) {
            buffers.add(new byte[] {0});
        }
        return Node.of("vortex.pco", Proto.message().bytes(2, chunk.build()).build(), buffers);
    }

    @Test
    void pcoPageCounts() {
        // pages claiming more values than the rows
        refused(pco(0xFFFF_FFFFL, 0xFFFF_FFFFL), I64, 10, "pages hold");
        // one page claiming the most rows: the output is refused by the budget before decoding
        refused(pco(DecodeContext.MAX_ROWS), I64, DecodeContext.MAX_ROWS, "decoded-size budget");
    }
}
