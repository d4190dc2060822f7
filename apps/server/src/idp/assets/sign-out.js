// Pria's own Logout (signingOutPage): the app asked with an ID token of this session, so the
// sign-out form is posted at once; nobody is asked "Sign out of Pria?" a second time.
document.getElementById('op.logoutForm')?.submit();
