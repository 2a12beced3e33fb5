import { z } from 'zod';
import { emailAddress, text, wireBoolean } from './validation';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

const confirmed = <T extends { password: string; password_confirmation: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
  }
};

export const checkEmailBody = z.object({ email: emailAddress });
export const checkEmailResponse = z.object({ data: z.object({ exists: z.boolean() }) });

export const loginBody = z.object({
  email: emailAddress,
  password: z.string().min(1).max(PASSWORD_MAX),
  remember: wireBoolean.default(false),
});

export const tokenLoginBody = z.object({
  email: emailAddress,
  password: z.string().min(1).max(PASSWORD_MAX),
  device_name: text(1, 255),
});
export const tokenResponse = z.object({ data: z.object({ token: z.string() }) });

export const registerBody = z
  .object({
    name: text(1, 100),
    display_name: text(2, 40),
    email: emailAddress,
    password,
    password_confirmation: z.string().max(PASSWORD_MAX),
    newsletter_subscription: wireBoolean.default(false),
  })
  .superRefine(confirmed);

export const forgotPasswordBody = z.object({ email: emailAddress });

export const resetPasswordBody = z
  .object({
    token: z.string().min(1).max(200),
    email: emailAddress,
    password,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .superRefine(confirmed);

export const updatePasswordBody = z
  .object({
    current_password: z.string().min(1).max(PASSWORD_MAX),
    password,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .superRefine(confirmed);

export const deleteUserBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX) });

export type RegisterBody = z.infer<typeof registerBody>;
export type LoginBody = z.infer<typeof loginBody>;
