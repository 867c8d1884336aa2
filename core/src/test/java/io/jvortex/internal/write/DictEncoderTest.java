package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The dictionary layout's encoder over string views: every row's code names its own bytes. */
class DictEncoderTest {
    /** Views over {@code data} at the given offsets and lengths; short values inlined, padding as given. */
    private static VarBinViewArray views(byte[] data, int[] offsets, int[] lengths, byte padding) {
        int n = offsets.length;
        MemorySegment views = MemorySegment.ofArray(new byte[16 * n]);
        for (int i = 0; i < n; i++) {
            long at = 16L * i;
            views.set(ValueLayout.JAVA_INT_UNALIGNED, at, lengths[i]);
            if (lengths[i] <= VarBinViewArray.MAX_INLINE) {
                for (int b = 0; b < VarBinViewArray.MAX_INLINE; b++) {
                    views.set(ValueLayout.JAVA_BYTE, at + 4 + b, b < lengths[i] ? data[offsets[i] + b] : padding);
                }
            } else {
                MemorySegment.copy(MemorySegment.ofArray(data), offsets[i], views, at + 4, 4);
                views.set(ValueLayout.JAVA_INT_UNALIGNED, at + 12, offsets[i]);
            }
        }
        return new VarBinViewArray(new DType.Utf8(false), views, List.of(MemorySegment.ofArray(data)), n,
                Validity.ALL_VALID);
    }

    /** Encodes every block with one encoder and checks each row's code against its bytes. */
    private static void assertCodesName(List<? extends Canonical> blocks) {
        DictEncoder encoder = new DictEncoder(new DType.Utf8(false));
        List<short[]> codes = new ArrayList<>();
        for (Canonical block : blocks) {
            MemorySegment out = MemorySegment.ofArray(new short[block.length()]);
            assertThat(encoder.encode(block, 0, out)).isEqualTo(block.length());
            codes.add(out.toArray(ValueLayout.JAVA_SHORT));
        }
        VarBinArray values = (VarBinArray) encoder.values();
        for (int b = 0; b < blocks.size(); b++) {
            for (int i = 0; i < blocks.get(b).length(); i++) {
                byte[] row = switch (blocks.get(b)) {
                    case VarBinViewArray v -> v.value(i);
                    case VarBinArray v -> v.value(i);
                    default -> throw new IllegalArgumentException();
                };
                assertThat(new String(values.value(codes.get(b)[i]), StandardCharsets.UTF_8))
                        .as("block %d row %d", b, i)
                        .isEqualTo(new String(row, StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void equalViewsInDifferentArraysCanHoldDifferentValues() {
        // both blocks' rows have the same view (17 bytes, prefix "aaaa", buffer 0, offset 0) over different bytes
        byte[] first = "aaaaaaaaaaaaaaaaX".getBytes(StandardCharsets.UTF_8);
        byte[] second = "aaaaaaaaaaaaaaaaY".getBytes(StandardCharsets.UTF_8);
        assertCodesName(List.of(views(first, new int[] {0, 0}, new int[] {17, 17}, (byte) 0),
                views(second, new int[] {0, 0}, new int[] {17, 17}, (byte) 0)));
    }

    @Test
    void repeatedSharedAndInlinedValuesGetTheirOwnCodes() {
        SplittableRandom r = Seeds.random("DictEncoderTest.repeatedSharedAndInlinedValuesGetTheirOwnCodes");
        for (int round = 0; round < 200; round++) {
            // a few distinct values (some inlined, some longer, some sharing their first bytes), stored once
            // each in a block's buffer and referenced by many rows, or stored again per row
            int distinct = r.nextInt(1, 40);
            List<byte[]> pool = new ArrayList<>();
            for (int d = 0; d < distinct; d++) {
                byte[] v = new byte[r.nextInt(0, 24)];
                for (int k = 0; k < v.length; k++) {
                    v[k] = (byte) (k < 4 && r.nextBoolean() ? 'a' : 'a' + r.nextInt(3));
                }
                pool.add(v);
            }
            List<VarBinViewArray> blocks = new ArrayList<>();
            int blockCount = r.nextInt(1, 5);
            for (int b = 0; b < blockCount; b++) {
                int n = r.nextInt(1, 500);
                boolean shared = r.nextBoolean();
                byte[] data = new byte[shared ? distinct * 24 : n * 24];
                int[] starts = new int[distinct];
                int used = 0;
                if (shared) {
                    for (int d = 0; d < distinct; d++) {
                        starts[d] = used;
                        System.arraycopy(pool.get(d), 0, data, used, pool.get(d).length);
                        used += pool.get(d).length;
                    }
                }
                int[] offsets = new int[n];
                int[] lengths = new int[n];
                for (int i = 0; i < n; i++) {
                    int d = r.nextInt(distinct);
                    lengths[i] = pool.get(d).length;
                    if (shared) {
                        offsets[i] = starts[d];
                    } else {
                        offsets[i] = used;
                        System.arraycopy(pool.get(d), 0, data, used, lengths[i]);
                        used += lengths[i];
                    }
                }
                blocks.add(views(Arrays.copyOf(data, Math.max(used, 1)), offsets, lengths,
                        (byte) (r.nextBoolean() ? 0 : r.nextInt(256))));
            }
            assertCodesName(blocks);
            // the same rows as offsets into one buffer
            List<Canonical> varBins = new ArrayList<>();
            for (VarBinViewArray block : blocks) {
                List<byte[]> rows = new ArrayList<>();
                for (int i = 0; i < block.length(); i++) {
                    rows.add(block.value(i));
                }
                varBins.add(io.jvortex.internal.encodings.varbin.RandomStrings.varBin(new DType.Utf8(false), rows));
            }
            assertCodesName(varBins);
        }
    }
}
