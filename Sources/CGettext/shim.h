#ifndef CGETTEXT_SHIM_H
#define CGETTEXT_SHIM_H
// glibc's message catalogues (gettext, dngettext, bindtextdomain). They live in libc itself, so
// nothing is linked; Swift's Glibc module leaves <libintl.h> out, hence this header.
#include <libintl.h>
#include <locale.h>
#endif
