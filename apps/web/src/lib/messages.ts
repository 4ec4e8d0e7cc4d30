/** Every user-facing toast text of the spec's error catalogue (section 8), in one place. */
export const Toasts = {
  signUpFailed: 'Failed to create account',
  signInFailed: 'Failed to sign in',
  tryLater: 'Please try again later.',
  signUpSucceeded: 'Account created successfully!',
  signUpWelcome: 'Welcome to Parsedesk! Redirecting you to your dashboard...',
  signInSucceeded: 'Signed in successfully!',
  signInWelcome: 'Welcome back! Redirecting to dashboard...',
  loggedOut: 'Logged out successfully',
  logoutFailed: 'Failed to log out',
  demoRateLimited: 'Submission limit reached',
  demoFailed: 'Something went wrong',
  demoSucceeded: 'Thanks for your interest!',
  demoSucceededText:
    "We'll be in touch soon with more information about how our email parsing solution can help your business.",
  ticketCreated: 'Email ticket submitted successfully',
  ticketCreatedText: 'Your support request has been received.',
  ticketCreateFailed: 'Failed to submit ticket',
  ticketDeleted: 'Ticket deleted successfully',
  ticketDeleteFailed: 'Failed to delete ticket',
  googleFailed: 'Failed to start Google sign-in',
} as const

export const TicketFormErrors = {
  noUser: 'User not found',
  emptyFields: 'Please fill in all fields',
} as const

export const AuthFormErrors = {
  passwordsDiffer: 'Passwords do not match',
  emailTaken: 'An account with this email already exists. Sign in, or reset your password if you forgot it.',
} as const
