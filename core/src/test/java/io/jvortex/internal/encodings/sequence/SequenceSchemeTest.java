package io.jvortex.internal.encodings.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import org.junit.jupiter.api.Test;

/**
 * Which progressions become {@code vortex.sequence}: only those whose last value the pre-0.91 readers can
 * compute in the type itself ({@code (len - 1) · multiplier} must fit), so vortex-jni 0.76 reads them.
 */
class SequenceSchemeTest {
    private static PrimitiveArray progression(PType t, long base, long step, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = base + i * step;
        }
        return Primitives.fromLongs(new DType.Primitive(t, false), v, n, Validity.ALL_VALID);
    }

    @Test
    void theLastValueMustBeComputableInTheType() {
        // -56 .. 72: every value fits i8, but 128 steps do not
        assertThat(SequenceScheme.multiplier(progression(PType.I8, -56, 1, 129))).isNull();
        assertThat(SequenceScheme.multiplier(progression(PType.I8, -56, 1, 128))).isEqualTo(1L);
        // -128, -126, …, 126: 127 steps of 2 make 254, beyond i8
        assertThat(SequenceScheme.multiplier(progression(PType.I8, -128, 2, 128))).isNull();
        assertThat(SequenceScheme.multiplier(progression(PType.I8, 100, -1, 100))).isEqualTo(-1L);
        assertThat(SequenceScheme.multiplier(progression(PType.U8, 0, 1, 256))).isEqualTo(1L);
        assertThat(SequenceScheme.multiplier(progression(PType.I16, -30_000, 1, 40_000))).isNull();
        assertThat(SequenceScheme.multiplier(progression(PType.I32, 0, 3, 100_000))).isEqualTo(3L);
        assertThat(SequenceScheme.lastValueComputable(PType.I64, 3, Long.MAX_VALUE / 2 + 1)).isFalse();
        assertThat(SequenceScheme.lastValueComputable(PType.U64, 3, Long.MAX_VALUE)).isTrue();
        assertThat(SequenceScheme.lastValueComputable(PType.U64, 4, Long.MAX_VALUE)).isFalse();
    }
}
