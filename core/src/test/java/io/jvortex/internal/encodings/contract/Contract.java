package io.jvortex.internal.encodings.contract;

import static org.assertj.core.api.Assertions.fail;

import io.jvortex.array.Canonical;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Serializing node trees, decoding them with the default registry, and comparing rows. */
final class Contract {
    /** The most bytes one decode may allocate: corrupt lengths fail on this budget, not on the heap. */
    static final long DECODE_BUDGET = 256L << 20;

    private Contract() {
    }

    /** Serializes a tree as one segment in {@code arena} and parses its root. */
    static ArrayNode parse(WriteNode node, Arena arena) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        return SerializedArray.parse(seg, 0, ids.ids(), "contract", "root").root();
    }

    static DecodeContext context(Arena arena) {
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, DECODE_BUDGET);
    }

    /** @return {@code rows[indices[i]]} */
    static List<Object> gather(List<Object> rows, int[] indices) {
        List<Object> out = new ArrayList<>(indices.length);
        for (int i : indices) {
            out.add(rows.get(i));
        }
        return out;
    }

    /** Fails naming the first differing row (whole-list messages of 65 536 rows help nobody). */
    static void assertRows(Canonical actual, List<Object> expected, String what) {
        if (actual.length() != expected.size()) {
            fail(what + ": " + actual.length() + " rows, expected " + expected.size());
        }
        List<Object> rows = Data.rows(actual);
        for (int i = 0; i < rows.size(); i++) {
            if (!Objects.equals(rows.get(i), expected.get(i))) {
                fail(what + ": row " + i + " is " + rows.get(i) + ", expected " + expected.get(i) + " (rows "
                        + Math.max(0, i - 2) + ".." + Math.min(rows.size(), i + 3) + ": "
                        + rows.subList(Math.max(0, i - 2), Math.min(rows.size(), i + 3)) + " vs "
                        + expected.subList(Math.max(0, i - 2), Math.min(rows.size(), i + 3)) + ")");
            }
        }
    }
}
