/* A stand-in for Windows' bcryptprimitives.dll, FOR THE RELEASE TEST ONLY (tests/release.rs
 * builds it with mingw into the test's temporary directory, beside baton.exe; it is never
 * put in an archive). Rust's standard library takes its random numbers (the seeds of
 * HashMap) from ProcessPrng in bcryptprimitives.dll, which Wine provides only from 9.0;
 * Debian's Wine 8 cannot start the program without it. Real Windows has the DLL. */
#include <windows.h>

/* advapi32's RtlGenRandom, exported under this name. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
