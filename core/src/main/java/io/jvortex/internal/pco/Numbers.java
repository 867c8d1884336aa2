package io.jvortex.internal.pco;

import io.jvortex.internal.pco.PcoDecoder.NumberType;

/** Pco's order-preserving bijections between numbers and unsigned latents, on raw bit patterns. */
final class Numbers {
    private Numbers() {
    }

    /**
     * @param type the number type
     * @param latent a latent of {@code type.bits} bits
     * @return the number's raw bits ({@code type.bits} low bits, zero-extended)
     */
    static long fromLatentOrdered(NumberType type, long latent) {
        long sign = 1L << (type.bits - 1);
        return switch (type.kind) {
            case UNSIGNED -> latent;
            case SIGNED -> latent ^ sign;
            case FLOAT -> (latent & sign) != 0 ? latent ^ sign : ~latent & BitReader.MASKS[type.bits];
        };
    }

    /** In-place {@link #fromLatentOrdered} over {@code n} latents. */
    static void fromLatentOrdered(NumberType type, long[] a, int n) {
        long sign = 1L << (type.bits - 1);
        long mask = BitReader.MASKS[type.bits];
        switch (type.kind) {
            case UNSIGNED -> { }
            case SIGNED -> {
                for (int i = 0; i < n; i++) {
                    a[i] ^= sign;
                }
            }
            case FLOAT -> {
                // Branch-free: latents with the top bit set are positive floats (flip the sign bit),
                // the others negative (flip every bit). Signs are data-dependent, so no branches.
                int top = type.bits - 1;
                long both = mask ^ sign;
                for (int i = 0; i < n; i++) {
                    long l = a[i];
                    a[i] = l ^ (mask ^ (both & -((l >>> top) & 1)));
                }
            }
        }
    }

    /** Inverse of {@link #fromLatentOrdered} for float raw bits. */
    static long floatToLatentOrdered(int bits, long raw) {
        long sign = 1L << (bits - 1);
        return (raw & sign) != 0 ? ~raw & BitReader.MASKS[bits] : raw ^ sign;
    }

    /** @return a float type's raw bits as a double (exact) */
    static double floatToDouble(NumberType type, long raw) {
        return switch (type.bits) {
            case 16 -> Float.float16ToFloat((short) raw);
            case 32 -> Float.intBitsToFloat((int) raw);
            default -> Double.longBitsToDouble(raw);
        };
    }

    /**
     * Pco's {@code int_float_from_latent}: the integer-valued float a FloatMult primary latent stands
     * for, as raw bits of the float type.
     */
    static long intFloatFromLatent(int bits, long latent) {
        long mid = 1L << (bits - 1);
        long mask = BitReader.MASKS[bits];
        boolean negative;
        long abs;
        if (Long.compareUnsigned(latent, mid) >= 0) {
            negative = false;
            abs = latent - mid;
        } else {
            negative = true;
            abs = mid - 1 - latent;
        }
        long raw;
        switch (bits) {
            case 64 -> {
                long gpi = 1L << 53;
                raw = Long.compareUnsigned(abs, gpi) < 0 ? Double.doubleToRawLongBits((double) abs)
                        : Double.doubleToRawLongBits((double) gpi) + (abs - gpi);
            }
            case 32 -> {
                long gpi = 1L << 24;
                raw = abs < gpi ? Float.floatToRawIntBits((float) abs) & 0xFFFF_FFFFL
                        : ((Float.floatToRawIntBits((float) gpi) & 0xFFFF_FFFFL) + (abs - gpi)) & mask;
            }
            default -> {
                long gpi = 1L << 11;
                raw = abs < gpi ? Float.floatToFloat16((float) abs) & 0xFFFFL
                        : ((Float.floatToFloat16((float) gpi) & 0xFFFFL) + (abs - gpi)) & mask;
            }
        }
        return negative ? raw ^ mid : raw;
    }
}
