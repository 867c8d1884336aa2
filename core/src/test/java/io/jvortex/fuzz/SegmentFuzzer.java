package io.jvortex.fuzz;

import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.internal.format.DTypeFlatbuffers;
import io.jvortex.internal.write.DTypeWriter;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.SerializedArray;
import io.jvortex.testutil.Walk;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decoding one flat array segment through {@link DecodeContext}, whole and by point access: the
 * input carries the dtype (as its flatbuffer), the row count and the array-id table, so the fuzzer
 * mutates those along with the segment. Seeds are every flat segment of the sample and golden files.
 */
public final class SegmentFuzzer {
    /** More rows than any seed has; above it, inputs are skipped. */
    private static final long MAX_ROWS = 1 << 22;

    private SegmentFuzzer() {
    }

    /**
     * @param data {@code u16 dtype length, dtype flatbuffer, u32 rows, u8 id count, (u8 length, id)*,
     *        segment}
     */
    public static void fuzzerTestOneInput(byte[] data) {
        Fuzz.Input in = new Fuzz.Input(data);
        byte[] dtypeBytes = in.bytes(in.u16());
        long rows = in.i32() & 0xFFFF_FFFFL;
        int idCount = in.u8();
        List<String> ids = new ArrayList<>(idCount);
        for (int i = 0; i < idCount; i++) {
            ids.add(new String(in.bytes(in.u8()), StandardCharsets.UTF_8));
        }
        byte[] segment = in.rest();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dtypeBlob = MemorySegment.ofArray(dtypeBytes);
            DType dtype = DTypeFlatbuffers.read(FbTable.root(dtypeBlob, new FbTable.Origin("fuzz", 0, "dtype")));
            if (rows > MAX_ROWS) {
                return; // the checksum walks every row: a free array of 2^31 nulls would only be slow
            }
            MemorySegment seg = arena.allocate(Math.max(1, segment.length), 16).asSlice(0, segment.length);
            seg.copyFrom(MemorySegment.ofArray(segment));
            SerializedArray array = SerializedArray.parse(seg, 0, ids, "fuzz", "root");
            DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), arena, false, Fuzz.MAX_DECODED_BYTES);
            Canonical whole = ctx.decode(array.root(), dtype, (int) rows);
            Walk.checksum(whole);
            if (rows > 0) {
                int[] picks = java.util.stream.IntStream.of(0, (int) (rows / 3), (int) (rows / 2), (int) (rows - 1))
                        .distinct().toArray();
                DecodeContext point = new DecodeContext(EncodingRegistry.defaults(), arena, false,
                        Fuzz.MAX_DECODED_BYTES);
                Walk.checksum(point.take(array.root(), dtype, (int) rows, picks));
            }
        } catch (VortexException expected) {
            // a malformed segment, reported as such
        }
    }

    /**
     * Builds an input for this target.
     *
     * @param dtype the segment's dtype
     * @param rows its row count
     * @param ids the file's array-id table
     * @param segment the segment's bytes
     * @return the input
     */
    static byte[] input(DType dtype, long rows, List<String> ids, byte[] segment) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] dtypeBytes = DTypeWriter.serialize(dtype);
        if (dtypeBytes.length > 0xFFFF || ids.size() > 0xFF) {
            return null;
        }
        out.write(dtypeBytes.length);
        out.write(dtypeBytes.length >>> 8);
        out.writeBytes(dtypeBytes);
        for (int i = 0; i < 4; i++) {
            out.write((int) (rows >>> (8 * i)));
        }
        out.write(ids.size());
        for (String id : ids) {
            byte[] b = id.getBytes(StandardCharsets.UTF_8);
            out.write(b.length);
            out.writeBytes(b);
        }
        out.writeBytes(segment);
        return out.toByteArray();
    }
}
